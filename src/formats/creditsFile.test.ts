import { describe, expect, it } from 'vitest';
import { readCredits } from './creditsFile.ts';

const good = () => ({
  app: {
    name: 'keyloom',
    version: '0.1.0',
    licence: 'GPL-3.0-or-later',
    source: {
      file: 'keyloom-source-0.1.0-0123456789ab.zip',
      bytes: 1_974_473,
      commit: '0123456789abcdef0123456789abcdef01234567' as string | null,
    } as { file: string; bytes: number; commit: string | null } | null,
    text: 0,
  },
  packages: [
    { name: 'react', version: '19.3.1', licence: 'MIT', text: 1, source: 'https://github.com/react/react' },
    { name: 'xz-decompress', version: '0.2.3', licence: 'MIT', text: null, source: null },
  ],
  texts: ['GNU GENERAL PUBLIC LICENSE …', 'MIT License …'],
});

describe('readCredits', () => {
  it('reads the credits file as written, with or without a source archive or its commit', () => {
    expect(readCredits(good())).toEqual(good());
    const outsideGit = good();
    outsideGit.app.source!.commit = null;
    expect(readCredits(outsideGit)).toEqual(outsideGit);
    const devServer = good();
    devServer.app.source = null;
    expect(readCredits(devServer)).toEqual(devServer);
  });

  it('names the field that is wrong', () => {
    // The archive becomes a link relative to the page: a file name beside it, nothing that leads elsewhere.
    for (const file of [
      'javascript:alert(1)',
      '../keyloom-source-1.zip',
      'https://x.org/keyloom-source-1.zip',
    ]) {
      const elsewhere = good();
      elsewhere.app.source!.file = file;
      expect(() => readCredits(elsewhere)).toThrow(/^app\.source\.file: expected text matching/);
    }
    const noLicence = good() as { packages: object[] };
    noLicence.packages[1] = { name: 'x', version: '1', text: null, source: null };
    expect(() => readCredits(noLicence)).toThrow('packages.1.licence: expected text');
    expect(() => readCredits([])).toThrow('expected an object');
  });

  it('refuses a text index past the texts', () => {
    const past = good();
    past.packages[0]!.text = 2;
    expect(() => readCredits(past)).toThrow('packages.0.text: expected one of the 2 texts');
    const app = good();
    app.app.text = 5;
    expect(() => readCredits(app)).toThrow('app.text: expected one of the 2 texts');
  });

  it('links only to web addresses', () => {
    const other = good();
    other.packages[0]!.source = 'javascript:alert(1)';
    expect(readCredits(other).packages[0]!.source).toBeNull();
  });
});
