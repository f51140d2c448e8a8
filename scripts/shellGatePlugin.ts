import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { minifySync } from 'rolldown/experimental';
import type { Plugin } from 'vite';

const GATE = /[ \t]*<script src="\.\/shellGate\.js"[^>]*><\/script>\n?/;

/**
 * index.html's gate of the static first frame (`public/shellGate.js`, docs/performance.md), in the build:
 * - its `<script>` moves to the end of <head>, after the tags the build adds there (the app's chunk, its module
 *   preloads, its stylesheet). The gate is a classic script that stops the parser until it has arrived and run,
 *   and Chromium asked for the app's chunk only once it had (one more round trip before the chunk, issue 43);
 *   after them, the parser has asked for the chunk and the stylesheet before it stops. The gate still runs before
 *   the first paint: a script after a stylesheet waits for it, and so does the paint;
 * - the file is minified (Vite copies `public/` as it is): every first load fetches it before its first paint,
 *   and its comments and spaces were a third of its bytes.
 */
export function shellGatePlugin(): Plugin {
  return {
    name: 'keyloom-shell-gate',
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        const gate = html.match(GATE);
        if (!gate) throw new Error('index.html has no <script src="./shellGate.js">');
        return html.replace(GATE, '').replace('</head>', `  ${gate[0].trim()}\n  </head>`);
      },
    },
    writeBundle(options) {
      const file = path.join(options.dir ?? 'dist', 'shellGate.js');
      const { code, errors } = minifySync('shellGate.js', readFileSync(file, 'utf8'));
      if (errors.length > 0) throw new Error(`shellGate.js did not minify: ${errors[0]!.message}`);
      writeFileSync(file, code);
    },
  };
}
