import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { minifySync } from 'rolldown/experimental';
import type { Plugin } from 'vite';
import { DEMO_STARTERS, demoPreloadScript, demoPreloads, type DemoFamily } from './demoPreloads.ts';

const GATE = /[ \t]*<script src="\.\/shellGate\.js"[^>]*><\/script>\n?/;

/**
 * index.html's gate of the static first frame (`public/shellGate.js`, docs/performance.md), in the build:
 * - its `<script>` moves to the end of <head>, after the tags the build adds there (the app's chunk, its module
 *   preloads, its stylesheet). The gate is a classic script that stops the parser until it has arrived and run,
 *   and Chromium asked for the app's chunk only once it had (one more round trip before the chunk, issue 43);
 *   after them, the parser has asked for the chunk and the stylesheet before it stops. The gate still runs before
 *   the first paint: a script after a stylesheet waits for it, and so does the paint;
 * - the file is minified (Vite copies `public/` as it is): every first load fetches it before its first paint,
 *   and its comments and spaces were a third of its bytes;
 * - `vial.js` and `zmk.js`, which the gate loads on a demo link (`?virtual=vial…`, `?virtual=zmk…`):
 *   each preloads the files that demo's start fetches (scripts/demoPreloads.ts), found from this build's chunk
 *   graph, so they come beside the app's chunk instead of after its evaluation (issue 43).
 */
export function shellGatePlugin(): Plugin {
  // Written with the gate, not emitted: an emitted script of no source reads as a worker bundle to the credits.
  const demoScripts = new Map<string, string>();
  return {
    name: 'keyloom-shell-gate',
    // The dev server has no chunks to list: the gate's demo lists are empty scripts there (not a 404 each).
    configureServer(server) {
      server.middlewares.use((request, response, next) => {
        if (!/^\/(vial|zmk)\.js(\?|$)/.test(request.url ?? '')) return next();
        response.setHeader('Content-Type', 'text/javascript');
        response.end('');
      });
    },
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        const gate = html.match(GATE);
        if (!gate) throw new Error('index.html has no <script src="./shellGate.js">');
        return html.replace(GATE, '').replace('</head>', `  ${gate[0].trim()}\n  </head>`);
      },
    },
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).flatMap((item) =>
        item.type === 'chunk'
          ? [
              {
                fileName: item.fileName,
                facadeModuleId: item.facadeModuleId,
                isEntry: item.isEntry,
                imports: item.imports,
                dynamicImports: item.dynamicImports,
                size: item.code.length,
                css: [...(item.viteMetadata?.importedCss ?? [])],
              },
            ]
          : [],
      );
      for (const family of Object.keys(DEMO_STARTERS) as DemoFamily[])
        demoScripts.set(`${family}.js`, demoPreloadScript(demoPreloads(chunks, DEMO_STARTERS[family])));
    },
    writeBundle(options) {
      const file = path.join(options.dir ?? 'dist', 'shellGate.js');
      const { code, errors } = minifySync('shellGate.js', readFileSync(file, 'utf8'));
      if (errors.length > 0) throw new Error(`shellGate.js did not minify: ${errors[0]!.message}`);
      writeFileSync(file, code);
      for (const [name, script] of demoScripts) writeFileSync(path.join(options.dir ?? 'dist', name), script);
    },
  };
}
