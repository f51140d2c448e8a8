/**
 * Time to keymap in Chromium (needs `npm run build` first), issue 43: each run opens a page in a fresh browser
 * context (cold: no cache, no storage) and records the first contentful paint and the first animation frame in
 * which the page's first screen is drawn. Pages, measured in one run, interleaved so the machine's load falls
 * on all alike:
 * - a static page with an 84-key SVG (bench/staticKeyboardPage.ts): the floor any page of that size costs;
 * - the same keys drawn by React 19 and nothing else (bench/reactKeyboardPage.ts): the floor of a React page;
 * - the VIA demo (the default keyboard on a fresh machine), to its keymap;
 * - the Vial demo (`?virtual=vial-demo`), to its keymap: it reads its definition from the keyboard;
 * - the ZMK demo (`?virtual=zmk-demo`), to its first screen, the lock notice (the keymap waits for the user).
 * Medians of 7 runs at 1× and at 4× CPU (CDP Emulation.setCPUThrottlingRate), and the ratios issue 43 sets:
 * VIA ÷ static ≤ 2.5, Vial ÷ VIA ≤ 1.25, ZMK ÷ VIA ≤ 1.3. Each server is a process of its own on a free port.
 */
import { rmSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';
import { chromiumLaunchOptions } from '../scripts/chromium.ts';
import { serveStaticProcess } from '../scripts/serveStaticProcess.ts';
import type { Report } from './run.ts';
import { median, serveBuiltApp, SHOWN, shownWatcher } from './builtApp.ts';
import { PAGE_KEYS } from './keyboardPageKeys.ts';
import { buildReactKeyboardPage } from './reactKeyboardPage.ts';
import { writeStaticKeyboardPage } from './staticKeyboardPage.ts';

const RUNS = 7;
const BUDGETS = { 1: 600, 4: 1500 } as const;
const KEYS = '[data-testid="keyboard-area"]:not([hidden]) [data-testid="keyboard-canvas"] [role="button"]';
const PAGES = [
  { id: 'static', name: `static ${PAGE_KEYS}-key SVG page`, search: '', shown: KEYS },
  { id: 'react', name: `React 19 page drawing ${PAGE_KEYS} keys`, search: '', shown: KEYS },
  { id: 'via', name: 'VIA demo to keymap', search: '', shown: KEYS },
  { id: 'vial', name: 'Vial demo to keymap', search: '?virtual=vial-demo', shown: KEYS },
  {
    id: 'zmk',
    name: 'ZMK demo to lock notice',
    search: '?virtual=zmk-demo',
    shown: '[data-testid="zmk-lock"]',
  },
] as const;
type PageId = (typeof PAGES)[number]['id'];
/** Issue 43's limits: [page, its reference, the largest ratio]. */
const RATIOS: [PageId, PageId, number][] = [
  ['via', 'static', 2.5],
  ['vial', 'via', 1.25],
  ['zmk', 'via', 1.3],
];
/** Printed without a limit: how much of the static page's ratio React alone takes, and the app over React. */
const REFERENCE_RATIOS: [PageId, PageId][] = [
  ['react', 'static'],
  ['via', 'react'],
];

async function once(browser: Browser, url: string, selector: string, rate: number) {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate });
    await page.addInitScript(shownWatcher(selector));
    const shown = page.waitForEvent('console', {
      predicate: (message) => message.text() === SHOWN,
      timeout: 60_000,
    });
    await page.goto(url);
    await shown;
    // Function predicates, not strings: the app's CSP has no 'unsafe-eval', and a string would be eval'd.
    type Watched = typeof window & { __shownAt?: number };
    const [at, paint] = await page.evaluate((): [number, number] => [
      (window as Watched).__shownAt!,
      performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN,
    ]);
    return { at, paint };
  } finally {
    await context.close();
  }
}

export async function run(report: Report) {
  const app = await serveBuiltApp(report, 'time to keymap');
  if (!app) return;
  const folder = writeStaticKeyboardPage();
  const staticPage = await serveStaticProcess(folder);
  const reactFolder = await buildReactKeyboardPage();
  const reactPage = await serveStaticProcess(reactFolder);
  const base = { static: staticPage.url, react: reactPage.url } as Partial<Record<PageId, string>>;
  const browser = await chromium.launch(chromiumLaunchOptions);
  const note = `median of ${RUNS} cold loads, pages interleaved; times vary with other load on the machine`;
  try {
    for (const rate of [1, 4] as const) {
      const runs = new Map<PageId, { at: number; paint: number }[]>(PAGES.map((p) => [p.id, []]));
      for (let i = 0; i < RUNS; i++)
        for (const p of PAGES) {
          runs.get(p.id)!.push(await once(browser, `${base[p.id] ?? app.url}${p.search}`, p.shown, rate));
        }
      const at = (id: PageId) => median(runs.get(id)!.map((r) => r.at));
      for (const p of PAGES) {
        // The reference pages' one frame is drawn as the watcher notes it: its first paint has no entry yet.
        if (!(p.id in base))
          report({
            name: `${p.name} at ${rate}x CPU: first paint`,
            value: median(runs.get(p.id)!.map((r) => r.paint)),
            unit: 'ms',
            note,
          });
        report({
          name: `${p.name} at ${rate}x CPU: shown`,
          value: at(p.id),
          unit: 'ms',
          ...(p.id === 'via' ? { limit: BUDGETS[rate] } : {}),
        });
      }
      for (const [of, over, limit] of RATIOS)
        report({ name: `${of} ÷ ${over} at ${rate}x CPU`, value: at(of) / at(over), unit: 'x', limit });
      for (const [of, over] of REFERENCE_RATIOS)
        report({ name: `${of} ÷ ${over} at ${rate}x CPU`, value: at(of) / at(over), unit: 'x' });
    }
  } finally {
    await browser.close();
    await app.close();
    await staticPage.close();
    await reactPage.close();
    rmSync(folder, { recursive: true, force: true });
    rmSync(reactFolder, { recursive: true, force: true });
  }
}
