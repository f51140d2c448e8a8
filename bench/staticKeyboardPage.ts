/**
 * The bench's floor for time to keymap: a static page that draws an 84-key keyboard (a 75% layout's rows) as one
 * inline SVG, each key a labelled rectangle in the same `keyboard-canvas … [role="button"]` markup the app draws,
 * so the same watcher notes when its keys show. No script, no fetch: what any page of that size costs the browser
 * on this machine, measured in the same run as the app.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const U = 54;
/** Key widths per row, in units: 15 + 15 + 15 + 14 + 14 + 11 = 84 keys. */
const ROWS: number[][] = [
  [1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1],
  [1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 2, 1],
  [1.5, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1.5, 1],
  [1.75, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 2.25, 1],
  [2.25, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1.75, 1, 1],
  [1.25, 1.25, 1.25, 6.25, 1, 1, 1, 1, 1, 1, 1],
];
const LEGENDS =
  'Esc F1 F2 F3 F4 F5 F6 F7 F8 F9 F10 F11 F12 Del Ins Home ` 1 2 3 4 5 6 7 8 9 0 - = Bksp PgUp'.split(' ');

/** Writes the page into a new temporary folder and returns the folder (serve it with serveStatic). */
export function writeStaticKeyboardPage(): string {
  const keys: string[] = [];
  ROWS.forEach((row, r) => {
    let x = 0;
    for (const w of row) {
      const i = keys.length;
      const label = LEGENDS[i] ?? `K${i}`;
      keys.push(
        `<g role="button" aria-label="Key ${i}: ${label}" transform="translate(${x * U} ${r * U})">` +
          `<rect width="${w * U - 4}" height="${U - 4}" rx="6" fill="#2a2a30" stroke="#555"/>` +
          `<text x="8" y="20" fill="#eee" font-size="13">${label}</text></g>`,
      );
      x += w;
    }
  });
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>84 keys</title>
<meta name="viewport" content="width=device-width, initial-scale=1"></head>
<body style="margin:0;background:#18181b;font-family:system-ui,sans-serif">
<div data-testid="keyboard-area"><svg data-testid="keyboard-canvas" role="group" aria-label="Keyboard"
 viewBox="0 0 ${16 * U} ${6 * U}" width="${16 * U}" height="${6 * U}">${keys.join('')}</svg></div></body></html>`;
  const folder = mkdtempSync(path.join(tmpdir(), 'keyloom-bench-static-'));
  writeFileSync(path.join(folder, 'index.html'), html);
  return folder;
}

export const STATIC_PAGE_KEYS = ROWS.flat().length;
