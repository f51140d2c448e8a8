/**
 * Time to keymap in Chromium (needs `npm run build` first): each run opens the built app in a fresh browser
 * context (cold: no cache, no storage, so the default demo keyboard is plugged in and loaded) and records the
 * shell's first contentful paint and the first frame in which the keymap's keys are on screen. Median of 5
 * runs at 1× and at 4× CPU (CDP Emulation.setCPUThrottlingRate). The server is in-process on a free port.
 * The Vial demo is measured beside the default VIA demo: its first load reads and unpacks its definition from the
 * keyboard and loads the Vial code, so it is the slowest first keymap a user sees.
 */
import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';
import { chromiumLaunchOptions } from '../scripts/chromium.ts';
import { serveStatic } from '../scripts/serveStatic.ts';
import type { Report } from './run.ts';

const RUNS = 5;
const BUDGETS = { 1: 600, 4: 1500 } as const;
/** The demo keyboards measured: the default (VIA) and the Vial demo, each opened cold by its `?virtual=` id. */
const BOARDS = [
  { name: 'time to keymap', search: '' },
  { name: 'time to keymap (Vial demo)', search: '?virtual=vial-demo' },
] as const;
const MAX_RATIO = 1.5;

// Runs in the page before the app: notes the first animation frame whose keymap shows keys, and says so on the
// console. The bench waits for that message rather than polling the page, which would run Playwright's own
// script in it while the app loads (≈ 15 ms of main thread at 1x, counted as the app's).
const KEYMAP_SHOWN = 'keyloom-bench:keymap';
const WATCH_KEYMAP = `
  (function watch() {
    const keys = document.querySelector(
      '[data-testid="keyboard-area"]:not([hidden]) [data-testid="keyboard-canvas"] [role="button"]');
    if (!keys) return requestAnimationFrame(watch);
    window.__keymapAt = performance.now();
    console.debug('${KEYMAP_SHOWN}');
  })();
`;

async function once(browser: Browser, url: string, rate: number) {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate });
    await page.addInitScript(WATCH_KEYMAP);
    const shown = page.waitForEvent('console', {
      predicate: (message) => message.text() === KEYMAP_SHOWN,
      timeout: 60_000,
    });
    await page.goto(url);
    await shown;
    // Function predicates, not strings: the app's CSP has no 'unsafe-eval', and a string would be eval'd.
    type Watched = typeof window & { __keymapAt?: number };
    const [keymap, paint] = await page.evaluate((): [number, number] => [
      (window as Watched).__keymapAt!,
      performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN,
    ]);
    return { keymap, paint };
  } finally {
    await context.close();
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

export async function run(report: Report) {
  if (!existsSync('dist/index.html')) {
    report({ name: 'time to keymap: skipped, build the app first (npm run build)', value: 0, unit: 'ms' });
    return;
  }
  const server = await serveStatic('dist');
  const browser = await chromium.launch(chromiumLaunchOptions);
  try {
    for (const board of BOARDS)
      for (const rate of [1, 4] as const) {
        const runs = [];
        for (let i = 0; i < RUNS; i++) runs.push(await once(browser, `${server.url}${board.search}`, rate));
        const paint = median(runs.map((r) => r.paint));
        const keymap = median(runs.map((r) => r.keymap));
        const note = `median of ${RUNS} cold loads; timings vary with other load on the machine`;
        const name = `${board.name} at ${rate}x CPU`;
        report({ name: `${name}: shell first paint`, value: paint, unit: 'ms', note });
        report({ name: `${name}: keymap shown`, value: keymap, unit: 'ms', limit: BUDGETS[rate] });
        report({
          name: `${name}: keymap / shell first paint`,
          value: median(runs.map((r) => r.keymap / r.paint)),
          unit: 'x',
          limit: MAX_RATIO,
        });
      }
  } finally {
    await browser.close();
    await server.close();
  }
}
