/**
 * The bench's floor for time to keymap: a static page that draws the reference keyboard (bench/keyboardPageKeys.ts)
 * as one inline SVG. No script, no fetch: what any page of that size costs the browser on this machine, measured
 * in the same run as the app.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { KEY_UNIT, PAGE_HEIGHT, PAGE_WIDTH, pageKeys } from './keyboardPageKeys.ts';

/** Writes the page into a new temporary folder and returns the folder (serve it with serveStatic). */
export function writeStaticKeyboardPage(): string {
  const keys = pageKeys().map(
    (k) =>
      `<g role="button" aria-label="Key ${k.index}: ${k.label}" transform="translate(${k.x} ${k.y})">` +
      `<rect width="${k.width}" height="${KEY_UNIT - 4}" rx="6" fill="#2a2a30" stroke="#555"/>` +
      `<text x="8" y="20" fill="#eee" font-size="13">${k.label}</text></g>`,
  );
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>84 keys</title>
<meta name="viewport" content="width=device-width, initial-scale=1"></head>
<body style="margin:0;background:#18181b;font-family:system-ui,sans-serif">
<div data-testid="keyboard-area"><svg data-testid="keyboard-canvas" role="group" aria-label="Keyboard"
 viewBox="0 0 ${PAGE_WIDTH} ${PAGE_HEIGHT}" width="${PAGE_WIDTH}" height="${PAGE_HEIGHT}">${keys.join('')}</svg></div></body></html>`;
  const folder = mkdtempSync(path.join(tmpdir(), 'keyloom-bench-static-'));
  writeFileSync(path.join(folder, 'index.html'), html);
  return folder;
}
