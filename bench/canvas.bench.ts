import { existsSync } from 'node:fs';
import { chromium } from 'playwright-core';
import { chromiumLaunchOptions } from '../scripts/chromium.ts';
import { serveStatic } from '../scripts/serveStatic.ts';
import type { Report } from './run.ts';

/** Hover frame timing on the 108-key Key Tester board in Chromium (needs `npm run build` first). */
export async function run(report: Report) {
  if (!existsSync('dist/index.html')) {
    report({ name: 'canvas: skipped, build the app first (npm run build)', value: 0, unit: 'fps' });
    return;
  }
  // In-process, on a free port: nothing is left running after the bench, whatever happens to it.
  const server = await serveStatic('dist');
  try {
    const browser = await chromium.launch(chromiumLaunchOptions);
    const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    const t0 = Date.now();
    await page.goto(`${server.url}#/test`);
    await page.getByRole('group', { name: 'Full-size test keyboard' }).getByRole('button').first().waitFor();
    report({ name: 'canvas: Key Tester page ready (108 keys)', value: Date.now() - t0, unit: 'ms' });
    const box = (await page.getByTestId('keyboard-canvas').boundingBox())!;
    // A string, not a function: tsx would wrap named functions in a helper the page does not have.
    await page.evaluate(`
      window.__frames = [];
      let last = performance.now();
      requestAnimationFrame(function tick(now) {
        window.__frames.push(now - last);
        last = now;
        requestAnimationFrame(tick);
      });
    `);
    // Sweep the pointer across every row of the board.
    for (let row = 0; row < 6; row++) {
      const y = box.y + ((row + 0.5) / 6) * box.height;
      for (let step = 0; step <= 60; step++) await page.mouse.move(box.x + (step / 60) * box.width, y);
    }
    const frames = (await page.evaluate('window.__frames.slice(2)')) as number[];
    await browser.close();
    const sorted = [...frames].sort((a, b) => a - b);
    const avg = frames.reduce((a, b) => a + b, 0) / frames.length;
    report({
      name: 'canvas: hover sweep across 108 keys, average frame rate',
      value: 1000 / avg,
      unit: 'fps',
      limit: 60,
      note: 'headless, software rendering',
    });
    report({
      name: 'canvas: hover sweep, 95th percentile frame time',
      value: sorted[Math.floor(sorted.length * 0.95)] ?? 0,
      unit: 'ms',
      limit: 16.7,
    });
  } finally {
    await server.close();
  }
}
