import { describe, expect, it } from 'vitest';
import { readCredits } from '../src/formats/creditsFile.ts';
import {
  isSpdxExpression,
  packageFolderOf,
  runtimeFolders,
  shippedLicences,
  type PackageLock,
  type ProjectFiles,
} from './shippedLicences.ts';

const ROOT = '/home/dev/keyloom';
const MIT = 'MIT License\n\nCopyright (c) Someone\n\nPermission is hereby granted …';
const GPL = 'GNU GENERAL PUBLIC LICENSE\nVersion 3, 29 June 2007\n…';

/** A small project: files by path relative to the root; a folder lists the files directly inside it. */
function project(files: Record<string, string>): ProjectFiles {
  return {
    files: (folder) =>
      Object.keys(files)
        .filter((file) => (folder === '.' ? !file.includes('/') : file.startsWith(`${folder}/`)))
        .map((file) => (folder === '.' ? file : file.slice(folder.length + 1)))
        .filter((name) => !name.includes('/')),
    read: (file) => {
      const text = files[file];
      if (text === undefined) throw new Error(`ENOENT: ${file}`);
      return text;
    },
  };
}

const APP_FILES = {
  'package.json': JSON.stringify({
    name: 'keyloom',
    version: '1.2.3',
    license: 'GPL-3.0-or-later',
  }),
  LICENSE: GPL,
};

const LOCK: PackageLock = {
  packages: {
    '': { name: 'keyloom', version: '1.2.3' },
    'node_modules/react': { version: '19.0.0', license: 'MIT' },
    'node_modules/@the-via/reader': { version: '1.14.4', license: 'GPL-3.0' },
    'node_modules/zustand': { version: '5.0.0', license: 'MIT' },
    'node_modules/a': { version: '1.0.0', license: 'MIT' },
    'node_modules/a/node_modules/zustand': { version: '4.0.0', license: 'MIT' },
    'node_modules/@bufbuild/protobuf': { version: '2.0.0', license: '(Apache-2.0 AND BSD-3-Clause)' },
    'node_modules/vite': { version: '8.0.0', license: 'MIT', dev: true },
    'node_modules/rolldown': { version: '1.0.0', license: 'MIT', dev: true },
    'node_modules/typescript': { version: '6.0.0', license: 'Apache-2.0', dev: true },
  },
};

const PACKAGE_FILES = {
  'node_modules/react/package.json': JSON.stringify({ repository: 'github:facebook/react' }),
  'node_modules/react/LICENSE': MIT,
  'node_modules/react/index.js': '',
  'node_modules/@the-via/reader/package.json': JSON.stringify({
    homepage: 'https://github.com/the-via/reader',
  }),
  'node_modules/@the-via/reader/LICENSE': GPL,
  'node_modules/zustand/package.json': '{}',
  'node_modules/zustand/LICENSE.md': `${MIT}\r\n`,
  'node_modules/a/package.json': '{}',
  'node_modules/a/node_modules/zustand/package.json': JSON.stringify({ homepage: 'https://zustand.example' }),
  'node_modules/a/node_modules/zustand/LICENSE': 'MIT License\n\nCopyright (c) 2020 Older',
  'node_modules/@bufbuild/protobuf/package.json': JSON.stringify({
    repository: { url: 'git@github.com:bufbuild/protobuf-es.git' },
  }),
  'node_modules/vite/package.json': '{}',
  'node_modules/vite/LICENSE.md': 'Vite MIT text',
  'node_modules/rolldown/package.json': '{}',
  'node_modules/rolldown/LICENSE': 'Rolldown MIT text',
  'node_modules/rolldown/THIRD-PARTY-LICENSE': 'the Rust crates it is built from',
};

const files = project({ ...APP_FILES, ...PACKAGE_FILES });
const mod = (file: string) => `${ROOT}/${file}`;

describe('packageFolderOf', () => {
  it('names the package folder of a bundled file, nested or scoped, with or without a query', () => {
    expect(packageFolderOf(mod('node_modules/react/cjs/react.production.js'), ROOT)).toBe(
      'node_modules/react',
    );
    expect(packageFolderOf(mod('node_modules/@ffmpeg/core/dist/esm/ffmpeg-core.js?url'), ROOT)).toBe(
      'node_modules/@ffmpeg/core',
    );
    expect(packageFolderOf(mod('node_modules/a/node_modules/zustand/esm/index.mjs'), ROOT)).toBe(
      'node_modules/a/node_modules/zustand',
    );
  });

  it("is null for the app's own files", () => {
    expect(packageFolderOf(mod('src/ui/App.tsx'), ROOT)).toBeNull();
    expect(packageFolderOf(mod('index.html'), ROOT)).toBeNull();
  });

  it('gives the helpers a build tool writes into the bundle to that tool', () => {
    expect(packageFolderOf('\0vite/preload-helper.js', ROOT)).toBe('node_modules/vite');
    expect(packageFolderOf('__vite-browser-external', ROOT)).toBe('node_modules/vite');
    expect(packageFolderOf('\0rolldown/runtime.js', ROOT)).toBe('node_modules/rolldown');
  });

  it('stops on a virtual module of no known package and on a file outside the project', () => {
    expect(() => packageFolderOf('\0commonjsHelpers.js', ROOT)).toThrow(/virtual module .*commonjsHelpers/);
    expect(() => packageFolderOf('/elsewhere/lib/index.js', ROOT)).toThrow(/outside the project/);
    expect(() => packageFolderOf('/elsewhere/node_modules/x/index.js', ROOT)).toThrow(/outside the project/);
  });
});

describe('shippedLicences', () => {
  it('lists each shipped package once, sorted, with its version, licence, source and the text it ships', () => {
    const report = shippedLicences(
      [
        mod('node_modules/zustand/esm/vanilla.mjs'),
        mod('node_modules/react/index.js'),
        mod('src/main.tsx'),
        mod('node_modules/react/cjs/react.production.js'),
        mod('node_modules/@the-via/reader/dist/validate.js'),
        mod('node_modules/a/node_modules/zustand/index.js'),
        mod('node_modules/@bufbuild/protobuf/dist/esm/index.js'),
        '\0rolldown/runtime.js',
      ],
      ROOT,
      LOCK,
      files,
    );
    const text = (i: number | null) => (i === null ? null : report.texts[i]);
    expect(
      report.packages.map((p) => [
        p.name,
        p.version,
        p.licence,
        text(p.text)?.split('\n')[0] ?? null,
        p.source,
      ]),
    ).toEqual([
      [
        '@bufbuild/protobuf',
        '2.0.0',
        '(Apache-2.0 AND BSD-3-Clause)',
        null,
        'https://github.com/bufbuild/protobuf-es',
      ],
      [
        '@the-via/reader',
        '1.14.4',
        'GPL-3.0',
        'GNU GENERAL PUBLIC LICENSE',
        'https://github.com/the-via/reader',
      ],
      ['react', '19.0.0', 'MIT', 'MIT License', 'https://github.com/facebook/react'],
      ['rolldown', '1.0.0', 'MIT', 'Rolldown MIT text', null],
      ['zustand', '4.0.0', 'MIT', 'MIT License', 'https://zustand.example'],
      ['zustand', '5.0.0', 'MIT', 'MIT License', null],
    ]);
    // Not shipped: node_modules/a itself (only a package nested in it), vite, typescript.
    expect(report.packages.map((p) => p.name)).not.toContain('a');
    // The same text (line endings aside) is kept once; a different copyright is a text of its own.
    const [react, zustand4, zustand5] = ['react', '4.0.0', '5.0.0'].map((key) =>
      report.packages.find((p) => p.name === key || p.version === key),
    );
    expect(zustand5!.text).toBe(react!.text);
    expect(text(zustand4!.text)).toContain('2020 Older');
    // A third-party list of the tool's own build is not the package's licence.
    expect(report.texts.join('\n')).not.toContain('Rust crates');
  });

  it("states the app's own version, licence, LICENSE text and source archive", () => {
    const source = { file: 'keyloom-source-1.2.3-0123456789ab.zip', bytes: 1000, commit: 'a'.repeat(40) };
    const report = shippedLicences(
      [mod('node_modules/@the-via/reader/dist/validate.js')],
      ROOT,
      LOCK,
      files,
      source,
    );
    expect(report.app).toMatchObject({
      name: 'keyloom',
      version: '1.2.3',
      licence: 'GPL-3.0-or-later',
      source,
    });
    // The app's GPL text and the reader's identical one are one text.
    expect(report.texts[report.app.text]).toBe(GPL);
    expect(report.packages[0]!.text).toBe(report.app.text);
  });

  it('writes what Settings → About reads back', () => {
    const report = shippedLicences(
      [mod('node_modules/react/index.js'), '\0vite/preload-helper.js'],
      ROOT,
      LOCK,
      files,
    );
    expect(readCredits(JSON.parse(JSON.stringify(report)))).toEqual(report);
  });

  it('passes on NOTICE files after the licence', () => {
    const withNotice = project({
      ...APP_FILES,
      ...PACKAGE_FILES,
      'node_modules/react/NOTICE': 'This product includes software developed by Someone.',
    });
    const report = shippedLicences([mod('node_modules/react/index.js')], ROOT, LOCK, withNotice);
    expect(report.texts[report.packages[0]!.text!]).toBe(
      `${MIT}\n\nThis product includes software developed by Someone.`,
    );
  });

  it('stops the build for a shipped package with no licence, no SPDX licence, or missing from the lock', () => {
    const lock = (license: unknown): PackageLock => ({
      packages: { ...LOCK.packages, 'node_modules/react': { version: '19.0.0', license } },
    });
    const react = [mod('node_modules/react/index.js')];
    expect(() => shippedLicences(react, ROOT, lock(undefined), files)).toThrow(
      'Credits: react 19.0.0 is in the build but names no licence',
    );
    expect(() => shippedLicences(react, ROOT, lock('UNLICENSED'), files)).toThrow(/"UNLICENSED" is no SPDX/);
    expect(() => shippedLicences(react, ROOT, lock('SEE LICENSE IN EULA.txt'), files)).toThrow(/no SPDX/);
    expect(() => shippedLicences([mod('node_modules/left-pad/index.js')], ROOT, LOCK, files)).toThrow(
      'Credits: node_modules/left-pad is in the build but not in package-lock.json',
    );
  });

  it("stops the build when the app's package.json or LICENSE lacks its licence", () => {
    const app = (pkg: object, licence: Record<string, string> = { LICENSE: GPL }) =>
      project({
        ...PACKAGE_FILES,
        ...licence,
        'package.json': JSON.stringify({ name: 'k', version: '1', ...pkg }),
      });
    expect(() => shippedLicences([], ROOT, LOCK, app({}))).toThrow(/no SPDX licence/);
    expect(() => shippedLicences([], ROOT, LOCK, app({ license: 'GPL-3.0-or-later' }, {}))).toThrow(
      /no LICENSE file/,
    );
  });
});

describe('isSpdxExpression', () => {
  it.each([
    'MIT',
    'GPL-3.0-or-later',
    '(Apache-2.0 AND BSD-3-Clause)',
    'MIT OR Apache-2.0',
    'GPL-2.0 WITH Classpath-exception-2.0',
  ])('%s is one', (expression) => expect(isSpdxExpression(expression)).toBe(true));
  it.each(['', 'UNLICENSED', 'SEE LICENSE IN LICENSE.md', 'MIT AND', 'MIT, BSD'])('%j is not', (expression) =>
    expect(isSpdxExpression(expression)).toBe(false),
  );
});

describe('runtimeFolders', () => {
  it('lists the packages the app depends on at run time, not the tools', () => {
    expect(runtimeFolders(LOCK)).toEqual([
      'node_modules/react',
      'node_modules/@the-via/reader',
      'node_modules/zustand',
      'node_modules/a',
      'node_modules/a/node_modules/zustand',
      'node_modules/@bufbuild/protobuf',
    ]);
  });
});
