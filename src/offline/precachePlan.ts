/**
 * What the service worker keeps for offline use, decided at build time from Vite's bundle (docs/offline.md):
 * - `shell`: the first-load files (index.html, the entry chunk and everything it imports statically, their CSS,
 *   the manifest and icons, the definitions index and vendor configs). Installing fails unless all arrive.
 * - `extras`: every other chunk and asset of the app (lazy screens, other languages, the definition compiler),
 *   fetched in the background once the worker runs, so screens never visited still open offline.
 * - Heavy files (the 3D renderer, ffmpeg.wasm and its loader, anything over `HEAVY_BYTES`) and source maps are
 *   in neither: they are cached the first time they are used. The build's source archive is in neither and is
 *   never cached (fetchStrategy.ts answers it from the network): only a visitor who asks for it downloads it.
 */
import { isSourceArchive } from '../formats/creditsFile.ts';

/** One output file of the build, as much of Vite's bundle as the plan needs. */
export interface BuiltFile {
  fileName: string;
  size: number;
  isEntry?: boolean;
  /** Static imports (chunks only). */
  imports?: readonly string[];
  /** CSS files the chunk imports. */
  css?: readonly string[];
}

export interface PrecachePlan {
  shell: string[];
  extras: string[];
  /** Changes whenever any planned file or the worker changes: a new version installs beside the old. */
  version: string;
}

/** Above this a file waits for first use (e.g. the 3D chunk is ~900 kB). */
export const HEAVY_BYTES = 512 * 1024;
const HEAVY_NAMES = /ffmpeg|Keyboard3D/i;
/**
 * In the shell whatever its size: the definition compiler, needed to open any keyboard (its validators are
 * generated ahead of time for the CSP, ~1.9 MB raw, ~70 kB gzipped; ADR 0006).
 */
const NEEDED_OFFLINE = /(^|\/)compile-[\w-]+\.js$/;
const NEVER = /\.map$|\.wasm$/;

/** Public files always in the shell: they are small, and the default virtual keyboard needs them. */
export const SHELL_PUBLIC_FILES = [
  'index.html',
  // Runs before index.html's static first frame paints (docs/performance.md).
  'shellGate.js',
  'manifest.webmanifest',
  'favicon.svg',
  'icons/icon-192.png',
  'icons/icon-512.png',
  'icons/maskable-512.png',
  'definitions/supported_kbs.json',
  'definitions/hash.json',
  'tabkb/configs.json',
  'tabkb/supported_kbs.json',
] as const;

/**
 * Plans the precache from the built files; `workerSource` enters the version so a worker change updates too, and
 * so do `publicSources`, the contents of the public shell files (their names never change, so a new gate or
 * manifest alone would otherwise leave every visitor on the version whose cache answers it).
 * `page` is the built index.html: the scripts and styles it loads are the first load too. The first screen's
 * chunk is no entry chunk of its own (vite.config.ts groups it; the empty entry is dropped), and is heavy enough
 * to be left out otherwise.
 */
export function planPrecache(
  files: readonly BuiltFile[],
  workerSource: string,
  page = '',
  publicSources: readonly string[] = [],
): PrecachePlan {
  const byName = new Map(files.map((f) => [f.fileName, f]));
  const shell = new Set<string>(SHELL_PUBLIC_FILES);
  const visit = (name: string) => {
    if (shell.has(name)) return;
    const file = byName.get(name);
    if (!file) return;
    shell.add(name);
    for (const css of file.css ?? []) shell.add(css);
    for (const dep of file.imports ?? []) visit(dep);
  };
  for (const file of files) if (file.isEntry) visit(file.fileName);
  for (const [, name] of page.matchAll(/<(?:script|link)\b[^>]*\b(?:src|href)="(?:\.\/)?([^"]+)"/g))
    visit(name!);
  // The page loads the compiler as soon as a keyboard connects, so the shell holding it costs the first load
  // nothing more, and any keyboard opens offline after one visit.
  for (const file of files) if (NEEDED_OFFLINE.test(file.fileName)) visit(file.fileName);
  const heavy = (f: BuiltFile) =>
    NEVER.test(f.fileName) ||
    isSourceArchive(f.fileName) ||
    HEAVY_NAMES.test(f.fileName) ||
    f.size > HEAVY_BYTES;
  const extras = files
    .filter((f) => !shell.has(f.fileName) && !heavy(f))
    .map((f) => f.fileName)
    .sort();
  const shellList = [...shell].sort();
  return {
    shell: shellList,
    extras,
    version: hash([...shellList, ...extras, workerSource, ...publicSources].join('\n')),
  };
}

/** FNV-1a, 32 bits, as 8 hex digits: enough to tell builds apart, no crypto needed at build time. */
function hash(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h.toString(16).padStart(8, '0');
}
