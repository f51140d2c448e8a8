import type { Plugin } from 'vite';

const GATE = /[ \t]*<script src="\.\/shellGate\.js"[^>]*><\/script>\n?/;

/**
 * Moves index.html's `shellGate.js` to the end of <head>, after the tags the build adds there (the app's chunk,
 * its module preloads, its stylesheet). The gate is a classic script that stops the parser until it has arrived
 * and run, and Chromium asked for the app's chunk only once it had (one more round trip before the chunk, issue
 * 43); after them, the parser has asked for the chunk and the stylesheet before it stops. The gate still runs
 * before the first paint: a script after a stylesheet waits for it, and so does the paint.
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
  };
}
