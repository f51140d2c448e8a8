/**
 * Vite plugin: builds the service worker (src/offline/serviceWorker.ts) into `sw.js` at the root of the build,
 * with the precache plan of this very build in front of it. Runs only for `vite build`; the dev server has no
 * worker (nothing is cached while developing).
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { build, type Plugin } from 'vite';
import { planPrecache, SHELL_PUBLIC_FILES, type BuiltFile } from '../src/offline/precachePlan.ts';

const WORKER_ENTRY = path.resolve(import.meta.dirname, '../src/offline/serviceWorker.ts');

async function bundleWorker(): Promise<string> {
  const result = await build({
    configFile: false,
    logLevel: 'silent',
    build: {
      write: false,
      minify: true,
      lib: { entry: WORKER_ENTRY, formats: ['iife'], name: 'keyloomWorker', fileName: () => 'sw.js' },
    },
  });
  const outputs = (Array.isArray(result) ? result : [result]) as {
    output: { type: string; code?: string }[];
  }[];
  const chunk = outputs.flatMap((o) => o.output).find((o) => o.type === 'chunk');
  if (!chunk?.code) throw new Error('The service worker did not build');
  return chunk.code;
}

/** The public shell files' contents as the folder holds them (bytes as Latin-1 text: only hashed). */
function publicSources(publicDir: string): string[] {
  return SHELL_PUBLIC_FILES.map((name) => path.join(publicDir, name))
    .filter((file) => existsSync(file))
    .map((file) => readFileSync(file, 'latin1'));
}

export function offlinePlugin(): Plugin {
  let publicDir = '';
  return {
    name: 'keyloom-offline',
    apply: 'build',
    configResolved(config) {
      publicDir = config.publicDir;
    },
    // After Vite's own plugins, so the plan names the files really written: the HTML plugin drops an entry chunk
    // left empty once its modules went into a chunk group (vite.config.ts).
    enforce: 'post',
    async generateBundle(_options, bundle) {
      const files: BuiltFile[] = Object.values(bundle).map((item) =>
        item.type === 'chunk'
          ? {
              fileName: item.fileName,
              size: item.code.length,
              isEntry: item.isEntry,
              imports: item.imports,
              css: [...(item.viteMetadata?.importedCss ?? [])],
            }
          : {
              fileName: item.fileName,
              size: typeof item.source === 'string' ? item.source.length : item.source.byteLength,
            },
      );
      const worker = await bundleWorker();
      const page = bundle['index.html'];
      const html = page?.type === 'asset' && typeof page.source === 'string' ? page.source : '';
      const plan = planPrecache(files, worker, html, publicDir ? publicSources(publicDir) : []);
      this.emitFile({
        type: 'asset',
        fileName: 'sw.js',
        source: `const PRECACHE = ${JSON.stringify(plan)};\n${worker}`,
      });
    },
  };
}
