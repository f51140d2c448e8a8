/**
 * Vite plugins: write `licences.json` beside index.html — the app's version, licence, LICENSE text and source
 * archive, and every npm package whose code or files the build contains (web workers included), with the
 * version and licence the lock file records and the licence text it ships (scripts/shippedLicences.ts). Settings
 * → About reads it on demand; the service worker precaches it with the other files of the build. The build also
 * writes the archive of its own source (scripts/sourceArchive.ts), which About links and the service worker
 * leaves alone. The dev server answers the same address with every run-time package of the lock file (it bundles
 * nothing) and no source archive.
 *
 * Web workers are bundled apart from the page, by the plugins of `worker.plugins`: `credits.worker` must be
 * listed there (vite.config.ts), and the build stops if a worker was built without it.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';
import type { SourceArchiveFacts } from '../src/formats/creditsFile.ts';
import { sourceArchive } from './sourceArchive.ts';
import { runtimeFolders, shippedLicences, type LicenceReport, type PackageLock } from './shippedLicences.ts';

export const LICENCES_FILE = 'licences.json';

function report(
  root: string,
  moduleIds: Iterable<string>,
  source: SourceArchiveFacts | null = null,
): LicenceReport {
  const read = (file: string) => readFileSync(path.join(root, file), 'utf8');
  return shippedLicences(
    moduleIds,
    root,
    JSON.parse(read('package-lock.json')) as PackageLock,
    {
      files: (folder) =>
        readdirSync(path.join(root, folder), { withFileTypes: true })
          .filter((entry) => entry.isFile())
          .map((entry) => entry.name),
      read,
    },
    source,
  );
}

/** The modules whose code a bundle holds: chunks' modules that rendered code, assets' source files. */
function bundledModules(bundle: Record<string, unknown>, root: string): string[] {
  return Object.values(bundle as Record<string, BundleItem>).flatMap((item) =>
    item.type === 'chunk'
      ? Object.entries(item.modules)
          .filter(([, module]) => module.renderedLength > 0)
          .map(([id]) => id)
      : (item.originalFileNames ?? []).map((file) => path.resolve(root, file)),
  );
}

type BundleItem =
  | { type: 'chunk'; modules: Record<string, { renderedLength: number }> }
  | { type: 'asset'; fileName: string; originalFileNames?: readonly string[] };

export function licencesPlugin(): { app: Plugin; worker: () => Plugin } {
  let root = process.cwd();
  // What the worker bundles held; they are built while the page's modules are transformed, before its bundle.
  const workerModules = new Set<string>();
  let workerBundles = 0;
  const app: Plugin = {
    name: 'keyloom-licences',
    // With the other end-of-build plugins, before the offline plugin plans its precache (listed after it).
    enforce: 'post',
    configResolved(config) {
      root = config.root;
    },
    buildStart() {
      workerModules.clear();
      workerBundles = 0;
    },
    configureServer(server) {
      server.middlewares.use(`/${LICENCES_FILE}`, (_request, response) => {
        try {
          const lock = JSON.parse(readFileSync(path.join(root, 'package-lock.json'), 'utf8')) as PackageLock;
          const ids = runtimeFolders(lock)
            .filter((folder) => existsSync(path.join(root, folder, 'package.json')))
            .map((folder) => path.join(root, folder, 'package.json'));
          response.setHeader('Content-Type', 'application/json');
          response.end(JSON.stringify(report(root, ids)));
        } catch (error) {
          response.statusCode = 500;
          response.end(error instanceof Error ? error.message : String(error));
        }
      });
    },
    generateBundle(_options, bundle) {
      const items = Object.values(bundle as Record<string, BundleItem>);
      // A script emitted as a file of no source is a worker bundle (a `?url` script names its source).
      const workers = items.filter(
        (item) => item.type === 'asset' && item.fileName.endsWith('.js') && !item.originalFileNames?.length,
      );
      if (workers.length > workerBundles)
        throw new Error(
          'Credits: a web worker was bundled without the licences plugin: list credits.worker in worker.plugins',
        );
      const ids = [...bundledModules(bundle, root), ...workerModules];
      // The corresponding source of this very build, linked from About; the precache plan leaves it out.
      const version = (
        JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { version: string }
      ).version;
      const archive = sourceArchive(root, version);
      for (const note of archive.notes) this.info(note);
      this.emitFile({ type: 'asset', fileName: archive.file, source: archive.data });
      this.emitFile({
        type: 'asset',
        fileName: LICENCES_FILE,
        source: JSON.stringify(report(root, ids, archive)),
      });
    },
  };
  const worker = (): Plugin => ({
    name: 'keyloom-licences-worker',
    generateBundle(_options, bundle) {
      workerBundles++;
      for (const id of bundledModules(bundle, root)) workerModules.add(id);
    },
  });
  return { app, worker };
}
