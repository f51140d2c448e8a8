/**
 * Vite plugin: builds the service worker (src/offline/serviceWorker.ts) into `sw.js` at the root of the build,
 * with the precache plan of this very build in front of it. Runs only for `vite build`; the dev server has no
 * worker (nothing is cached while developing).
 */
import path from 'node:path';
import { build, type Plugin } from 'vite';
import { planPrecache, type BuiltFile } from '../src/offline/precachePlan.ts';

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

export function offlinePlugin(): Plugin {
  return {
    name: 'keyloom-offline',
    apply: 'build',
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
      const plan = planPrecache(files, worker, html);
      this.emitFile({
        type: 'asset',
        fileName: 'sw.js',
        source: `const PRECACHE = ${JSON.stringify(plan)};\n${worker}`,
      });
    },
  };
}
