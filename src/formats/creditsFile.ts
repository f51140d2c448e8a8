/**
 * `licences.json`, the build's credits: written beside index.html at build time (scripts/shippedLicences.ts) from
 * the modules the build ships and package-lock.json, read by Settings → About. The file is fetched, so it is
 * checked like any input: a damaged one is refused with the place it went wrong, never shown half.
 */
import { arrayOf, int, nullable, object, ShapeError, string, type Reader } from './shape.ts';

/** The app itself. */
export interface AppCredits {
  name: string;
  version: string;
  /** An SPDX expression: GPL-3.0-or-later. */
  licence: string;
  /** The archive of this build's own source, beside index.html; null where none is written (the dev server). */
  source: SourceArchiveFacts | null;
  /** Index into `Credits.texts` of the app's LICENSE. */
  text: number;
}

/** The build's source archive (scripts/sourceArchive.ts). */
export interface SourceArchiveFacts {
  /** Its file name, beside index.html: `keyloom-source-<version>[-<commit>].zip`. */
  file: string;
  bytes: number;
  /** The git commit it holds; null when the build was made outside a git checkout. */
  commit: string | null;
}

/**
 * Every source archive's name starts so: the service worker's precache plan leaves such files out (a visitor who
 * wants the source downloads it; nobody else should).
 */
export const SOURCE_ARCHIVE_PREFIX = 'keyloom-source-';
export const isSourceArchive = (file: string) =>
  file.startsWith(SOURCE_ARCHIVE_PREFIX) && file.endsWith('.zip') && !file.includes('/');

/** One npm package whose code or files the build contains. */
export interface PackageCredits {
  name: string;
  version: string;
  /** An SPDX expression ("MIT", "GPL-3.0", "(Apache-2.0 AND BSD-3-Clause)"). */
  licence: string;
  /** Index into `Credits.texts` of the licence text and notices the package ships; null when it ships none. */
  text: number | null;
  /** The package's source repository or home page, when it names one. */
  source: string | null;
}

export interface Credits {
  app: AppCredits;
  /** Sorted by name, then version. */
  packages: PackageCredits[];
  /** Licence texts, each once (many packages ship the same MIT text). */
  texts: string[];
}

export const CREDITS_FILE = 'licences.json';

const text = string({ min: 1 });

// A plain file name beside the page: it becomes a relative link, so nothing that could lead elsewhere.
const archiveName = string({ pattern: /^keyloom-source-[\w.-]+\.zip$/, max: 200 });

const readShape: Reader<Credits> = object({
  app: object({
    name: text,
    version: text,
    licence: text,
    source: nullable(
      object({
        file: archiveName,
        bytes: int(1),
        commit: nullable(string({ pattern: /^[0-9a-f]{40,64}$/ })),
      }),
    ),
    text: int(0),
  }),
  packages: arrayOf(
    object({
      name: text,
      version: text,
      licence: text,
      text: nullable(int(0)),
      source: nullable(string()),
    }),
  ),
  texts: arrayOf(string()),
});

/**
 * Reads the credits file's JSON.
 * @throws ShapeError naming the field that is wrong (a text index past the texts too).
 */
export const readCredits: Reader<Credits> = (value) => {
  const credits = readShape(value);
  const within = (index: number | null, where: (string | number)[]) => {
    if (index !== null && index >= credits.texts.length)
      throw new ShapeError([...where, 'text'], `expected one of the ${credits.texts.length} texts`);
  };
  within(credits.app.text, ['app']);
  credits.packages.forEach((p, i) => within(p.text, ['packages', i]));
  // Only web addresses become links; a package's other "source" (a path, a mail address) is not shown as one.
  for (const p of credits.packages) if (p.source !== null && !/^https?:\/\//.test(p.source)) p.source = null;
  return credits;
};
