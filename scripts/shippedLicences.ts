/**
 * The credits of a build: which npm packages its files contain, each with its version and licence as the lock
 * file records them, the licence text and notices the package ships, and where its source is. The licences
 * plugin (scripts/licencesPlugin.ts) calls it with the modules the bundler put in the build, workers included,
 * so Settings → About lists exactly what is shipped, never a hand-kept list that drifts.
 *
 * Pure apart from the two readers it is given, so the rules are tested on small fixtures
 * (scripts/shippedLicences.test.ts).
 */
import path from 'node:path';
import type { AppCredits, Credits, PackageCredits, SourceArchiveFacts } from '../src/formats/creditsFile.ts';

/** One package of package-lock.json (lockfile v2/v3), as much as is read here. */
export interface LockEntry {
  name?: string;
  version?: string;
  license?: unknown;
  dev?: boolean;
  devOptional?: boolean;
}

/** The parts of package-lock.json read here: its `packages`, keyed by folder (`node_modules/@scope/name`). */
export interface PackageLock {
  packages: Record<string, LockEntry>;
}

/** The file written (src/formats/creditsFile.ts reads it back for Settings → About). */
export type LicenceReport = Credits;

/** Reads the project's files: `files(folder)` lists a folder's plain files, `read(file)` reads one (both relative). */
export interface ProjectFiles {
  files(folder: string): string[];
  read(file: string): string;
}

/**
 * Modules the bundler writes into the build that come from no file: each is code of a build tool's package, so
 * that package ships too. A virtual module not listed here stops the build (see `packageFolderOf`).
 */
const VIRTUAL_OWNERS: readonly (readonly [RegExp, string])[] = [
  // Vite's module preload helper and its empty stand-in for Node built-ins.
  [/^\0?vite\/|^__vite-/, 'node_modules/vite'],
  // The bundler's runtime helpers (CommonJS interop, namespace objects).
  [/^\0?rolldown\//, 'node_modules/rolldown'],
];

/**
 * The package folder a bundled module comes from, relative to the project (`node_modules/@scope/name`, or a
 * nested `node_modules/a/node_modules/b`), or null for the app's own files.
 * @throws Error for a virtual module of no known package, or a file outside the project: credits cannot be
 *   sure what either is.
 */
export function packageFolderOf(moduleId: string, root: string): string | null {
  const owner = VIRTUAL_OWNERS.find(([pattern]) => pattern.test(moduleId));
  if (owner) return owner[1];
  if (moduleId.includes('\0') || !path.isAbsolute(moduleId))
    throw new Error(
      `Credits: the build contains the virtual module ${JSON.stringify(moduleId)}, which no package is known ` +
        'to own; name its package in VIRTUAL_OWNERS (scripts/shippedLicences.ts)',
    );
  const file = path
    .relative(root, moduleId.replace(/[?#].*$/, ''))
    .split(path.sep)
    .join('/');
  const folder = /^(?:.*\/)?node_modules\/(?:@[^/]+\/)?[^/]+/.exec(file)?.[0] ?? null;
  if (folder?.startsWith('..') || (!folder && file.startsWith('..')))
    throw new Error(`Credits: the build contains ${moduleId}, which is outside the project`);
  return folder;
}

// LICENSE, LICENCE.md, LICENSE-MIT, COPYING, NOTICE (Apache-2.0 asks for it to be passed on) …
const LICENCE_FILE = /^(?:licen[cs]e|copying|notice)(?:[.-][\w.-]*)?$/i;

/** The licence text and notices a package folder ships, joined; null when it ships none. */
function shippedText(folder: string, project: ProjectFiles): string | null {
  const names = project
    .files(folder)
    .filter((name) => LICENCE_FILE.test(name))
    // The licence before its notices, then by name, so the text is the same from one build to the next.
    .sort((a, b) => Number(/^notice/i.test(a)) - Number(/^notice/i.test(b)) || (a < b ? -1 : 1));
  const texts = names.map((name) => project.read(`${folder}/${name}`).replace(/\r\n?/g, '\n').trim());
  return texts.length > 0 ? texts.join('\n\n') : null;
}

/**
 * Whether `expression` reads as an SPDX licence expression: identifiers joined by AND / OR / WITH, in
 * parentheses or not. "UNLICENSED" (all rights reserved) and "SEE LICENSE IN …" are not.
 */
export function isSpdxExpression(expression: string): boolean {
  const tokens = expression.replace(/[()]/g, ' ').trim().split(/\s+/);
  if (tokens.length % 2 === 0 || /^UNLICEN[CS]ED$/i.test(expression.trim())) return false;
  return tokens.every((token, i) =>
    i % 2 === 1 ? /^(?:AND|OR|WITH)$/.test(token) : /^[A-Za-z0-9][A-Za-z0-9.+-]*$/.test(token),
  );
}

/** A repository field (string, `{ url }`, `github:owner/name`) as a web address. */
function webAddress(repository: unknown): string | null {
  const raw =
    typeof repository === 'string'
      ? repository
      : repository && typeof repository === 'object' && 'url' in repository
        ? repository.url
        : null;
  if (typeof raw !== 'string' || raw === '') return null;
  const github = /^(?:github:)?([\w.-]+\/[\w.-]+)$/.exec(raw);
  if (github) return `https://github.com/${github[1]}`;
  return raw
    .replace(/^git\+/, '')
    .replace(/^(?:git|ssh):\/\/(?:git@)?/, 'https://')
    .replace(/^git@([^:]+):/, 'https://$1/')
    .replace(/\.git$/, '');
}

/** The package's own package.json, for where its source is (the lock file does not say). */
function sourceOf(folder: string, project: ProjectFiles): string | null {
  const pkg = JSON.parse(project.read(`${folder}/package.json`)) as {
    repository?: unknown;
    homepage?: unknown;
  };
  return webAddress(pkg.repository) ?? (typeof pkg.homepage === 'string' ? pkg.homepage : null);
}

/**
 * The credits of the packages `moduleIds` come from, and of the app itself.
 * @throws Error naming a shipped package the lock file does not know, one that names no licence or no SPDX
 *   licence, or an app whose package.json or LICENSE lacks its licence: the build stops rather than ship credits
 *   that leave something out.
 * @param source the build's source archive (scripts/sourceArchive.ts); null where none is written (dev server)
 */
export function shippedLicences(
  moduleIds: Iterable<string>,
  root: string,
  lock: PackageLock,
  project: ProjectFiles,
  source: SourceArchiveFacts | null = null,
): LicenceReport {
  const texts: string[] = [];
  const textIndex = (text: string) => {
    const found = texts.indexOf(text);
    return found >= 0 ? found : texts.push(text) - 1;
  };
  const app = appFacts(project, textIndex, source);
  const folders = new Set<string>();
  for (const id of moduleIds) {
    const folder = packageFolderOf(id, root);
    if (folder) folders.add(folder);
  }
  const packages = new Map<string, PackageCredits>();
  for (const folder of [...folders].sort()) {
    const entry = lock.packages[folder];
    if (!entry?.version) throw new Error(`Credits: ${folder} is in the build but not in package-lock.json`);
    const name = entry.name ?? folder.replace(/^.*node_modules\//, '');
    const licence = entry.license;
    if (typeof licence !== 'string' || licence.trim() === '')
      throw new Error(`Credits: ${name} ${entry.version} is in the build but names no licence`);
    if (!isSpdxExpression(licence))
      throw new Error(
        `Credits: ${name} ${entry.version} is in the build, and its licence "${licence}" is no SPDX licence`,
      );
    const text = shippedText(folder, project);
    // The same package in two folders is one entry.
    packages.set(`${name}@${entry.version}`, {
      name,
      version: entry.version,
      licence: licence.trim(),
      text: text === null ? null : textIndex(text),
      source: sourceOf(folder, project),
    });
  }
  const order = (a: PackageCredits, b: PackageCredits) =>
    a.name < b.name ? -1 : a.name > b.name ? 1 : a.version < b.version ? -1 : 1;
  return { app, packages: [...packages.values()].sort(order), texts };
}

/** The app's facts from its package.json and LICENSE. */
function appFacts(
  project: ProjectFiles,
  textIndex: (text: string) => number,
  source: SourceArchiveFacts | null,
): AppCredits {
  const pkg = JSON.parse(project.read('package.json')) as {
    name: string;
    version: string;
    license?: unknown;
  };
  if (typeof pkg.license !== 'string' || !isSpdxExpression(pkg.license))
    throw new Error('Credits: package.json names no SPDX licence for the app');
  const licenceFile = project.files('.').find((name) => /^licen[cs]e(?:\.(?:md|txt))?$/i.test(name));
  if (!licenceFile) throw new Error('Credits: the project has no LICENSE file');
  const text = project.read(licenceFile).replace(/\r\n?/g, '\n').trim();
  return {
    name: pkg.name,
    version: pkg.version,
    licence: pkg.license,
    source: source && { file: source.file, bytes: source.bytes, commit: source.commit },
    text: textIndex(text),
  };
}

/** Every package the app depends on at run time (what the dev server lists: it bundles nothing). */
export function runtimeFolders(lock: PackageLock): string[] {
  return Object.entries(lock.packages)
    .filter(([folder, entry]) => folder !== '' && !entry.dev && !entry.devOptional)
    .map(([folder]) => folder);
}
