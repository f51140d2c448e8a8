/**
 * Renders the app icons (public/icons/*.png) from the logo in public/favicon.svg with Debian's Chromium:
 * `npx tsx scripts/make-icons.ts`. The PNGs are committed; run this again only when the logo changes.
 * The maskable icon keeps the logo inside the central 80% safe zone on a full-bleed accent background.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { chromiumLaunchOptions } from './chromium.ts';

const root = path.resolve(import.meta.dirname, '..');
const logo = readFileSync(path.join(root, 'public/favicon.svg'), 'utf8');
const ACCENT = '#ad7070';

const icons = [
  { file: 'icon-192.png', size: 192, maskable: false },
  { file: 'icon-512.png', size: 512, maskable: false },
  { file: 'maskable-512.png', size: 512, maskable: true },
];

const browser = await chromium.launch(chromiumLaunchOptions);
try {
  for (const { file, size, maskable } of icons) {
    const page = await browser.newPage({ viewport: { width: size, height: size } });
    const inner = maskable ? Math.round(size * 0.6) : size;
    await page.setContent(
      `<body style="margin:0;display:grid;place-items:center;width:${size}px;height:${size}px;background:${maskable ? ACCENT : 'transparent'}">
        <div style="width:${inner}px;height:${inner}px">${logo.replace('<svg ', `<svg width="${inner}" height="${inner}" `)}</div>
      </body>`,
    );
    await page.screenshot({ path: path.join(root, 'public/icons', file), omitBackground: !maskable });
    await page.close();
  }
} finally {
  await browser.close();
}
