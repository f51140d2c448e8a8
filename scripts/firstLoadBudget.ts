/**
 * First-load budget (CI, part of `npm test` after the build): serves `dist`, opens it in a fresh Chromium
 * context as a new user would (no cache, no storage: the default demo keyboard is plugged in), and records
 * every response until the keymap shows and the network has been idle for 500 ms. Each body is gzipped at
 * level 9 and summed. What the app prefetches when idle once the keymap is drawn (requested after its
 * `keyloom:prefetch` mark, src/main.tsx) is listed apart and not counted: it is what the next click needs. Fails when the sum is above the ceiling or when anything is fetched from another origin.
 * Bytes are deterministic for a given build, so this is an assertion on bytes, not on time.
 *
 * `npx tsx scripts/firstLoadBudget.ts [distDir]`; `--list` prints every file.
 */
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { chromiumLaunchOptions } from './chromium.ts';
import { serveStatic } from './serveStatic.ts';
import { PREFETCH_MARK } from '../src/ui/common/prefetchMark.ts';

/** The goal (issue 43): first load ≤ 130 kB gz. Printed beside the figure until it is met. */
export const FIRST_LOAD_TARGET_BYTES = 130_000;
/**
 * What CI enforces: the first load as it stands, not yet the target. 160.0 kB until the 2026-11-28 stop, which
 * added 1.1 kB that every VIA load needs (the Keychron question 0xA0 in the VIA session, the name sanitiser's
 * callers, arrow keys in the keycode grid, the other-tab update notice): 161.0 kB until ADR 0011's swap of
 * i18next for Lingui's runtime took the first load from 160.8 to 144.7 kB, 145.0 kB until the 2026-11-28
 * evening stop (issue 43: the keycode tables' later rows on demand) took it to 136.3 kB, 137 kB until the
 * night stop (the actuation commands, the service worker's registration and the stored definitions' record code
 * on demand) took it to 135.5 kB, 136 kB until the drawn keys' accessible names and titles came in the user's
 * language (issue 38: `keycodes:drawnKey`, ui/legends naming, the A shortcut; +0.3 kB every load needs): 136.5 kB
 * until the 2026-11-29 stop (issue 43, third stop): its cuts (the Configure panes other than the keymap, two
 * notices) took 0.5 kB off, and index.html's static first frame with its gate (public/shellGate.js: the
 * Lighthouse LCP element painted before the app's code, LCP ≈ 1.7 → 0.85 s at 4× CPU and slow 4G) put 0.8 kB
 * on, in bytes the page needs before its first paint: 136.75 kB measured, 136.85 kB (figure + 0.1), then 137.0
 * kB when the same stop's fixes put 0.15 kB on every load (Ctrl/Cmd+Z from a focused drop-down: the shortcut
 * tells text fields from other controls; the virtual Keychron Q1 V2's Mac/Windows switch in its matrix): 137.0
 * kB until the 2026-11-29 fourth stop (issue 43) took it to 134.97 kB (136,889 → 134,966 B: the requests no load
 * sends in protocol/vendorCommands.ts, the writing commands in state/writingCommands.ts, the Configure panes'
 * on-demand entries and the painted keys' colour code off the first screen), 135.1 kB until the 2026-11-29 sixth
 * stop (issue 43) moved the virtual firmware's actuation, LED-grid and screen inspection into its on-demand
 * extensions (134,827 → 134,734 B): 134.84 kB until the 2026-11-29 seventh stop (issue 43) took it from 134,766
 * to 133,416 B, 133,395 B with main's issue 42 merged (the command log's answer, the modifier names the parser
 * reads, the layout-option write, code shared modules carried only for on-demand chunks, a picked keycode's and a
 * menu change's wiring off the first screen): 133.5 kB until the 2026-11-29 eighth stop (issue 43) took it to
 * 132,729 B (the device store's key, encoder and layer writes with the writing commands; the virtual keyboard's
 * fault injection and its firmware's test-only inspection loaded by the tests and automation that use them; its
 * reset by hand with the flash dialog, its serial replies with its extensions), 132,801 B with main's fixes of the
 * same day merged: 132.9 kB (figure + 0.1) until the 2026-11-29 ninth stop (issue 43) took it from 132,728 to
 * 131,487 B (composite keycodes' legends and format.ts with the full tables, or alone before a first layer holding
 * one; the on-demand screens', panes' and dialogs' shared classes in ui/common/onDemandParts.css; a Keychron
 * board's feature reading after its answer; two helpers only Settings used; the serial provider's factory and the
 * firmware flow's hash and wait with the code that uses them), 131,691 B with the same stop's start work merged (a
 * first visit's preloads from a minified gate, +69 B; a demo link's code asked for before the start's task, +126 B):
 * 131.791 kB (figure + 0.1) since. The 130 kB target
 * is not met. Whatever the first screen gains meanwhile must be paid for with a cut elsewhere (docs/performance.md
 * lists where the bytes are).
 */
export const FIRST_LOAD_CEILING_BYTES = 131_791;
const IDLE_MS = 500;

export interface FetchedFile {
  url: string;
  bytes: number;
  gzipBytes: number;
}

export interface FirstLoad {
  files: FetchedFile[];
  gzipTotal: number;
  /** Requested after the app's prefetch mark: not part of the first load. */
  prefetched: FetchedFile[];
  /** URLs requested from any origin other than the app's own. */
  foreign: string[];
}

/** Opens `url` in a fresh context and collects what Chromium fetches until the keymap shows and all is idle. */
export async function measureFirstLoad(url: string): Promise<FirstLoad> {
  const browser = await chromium.launch(chromiumLaunchOptions);
  try {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    const origin = new URL(url).origin;
    const files: Promise<FetchedFile | null>[] = [];
    const foreign: string[] = [];
    let inFlight = 0;
    let lastActivity = Date.now();
    const settle = () => {
      inFlight--;
      lastActivity = Date.now();
    };
    page.on('request', (request) => {
      inFlight++;
      lastActivity = Date.now();
      const u = request.url();
      if (!u.startsWith('data:') && !u.startsWith('blob:') && new URL(u).origin !== origin) foreign.push(u);
    });
    page.on('requestfailed', settle);
    page.on('requestfinished', (request) => {
      settle();
      files.push(
        (async () => {
          const response = await request.response();
          if (!response || request.url().startsWith('data:')) return null;
          const body = await response.body().catch(() => Buffer.alloc(0));
          return {
            url: request.url().slice(origin.length),
            bytes: body.length,
            gzipBytes: gzipSync(body, { level: 9 }).length,
          };
        })(),
      );
    });
    await page.goto(url);
    await page
      .getByTestId('keyboard-canvas')
      .getByRole('button')
      .first()
      .waitFor({ state: 'visible', timeout: 60_000 });
    while (inFlight > 0 || Date.now() - lastActivity < IDLE_MS) await page.waitForTimeout(100);
    const fetched = (await Promise.all(files)).filter((f): f is FetchedFile => f !== null);
    // Resource timing says when each file was asked for; the mark, when the prefetch began (none: no prefetch).
    const later = await page.evaluate((mark) => {
      const at = performance.getEntriesByName(mark)[0]?.startTime ?? Infinity;
      return performance
        .getEntriesByType('resource')
        .filter((r) => r.startTime >= at)
        .map((r) => new URL(r.name).pathname);
    }, PREFETCH_MARK);
    await context.close();
    const first = fetched.filter((f) => !later.includes(f.url));
    return {
      files: first,
      gzipTotal: first.reduce((sum, f) => sum + f.gzipBytes, 0),
      prefetched: fetched.filter((f) => later.includes(f.url)),
      foreign,
    };
  } finally {
    await browser.close();
  }
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const dir = args.find((a) => !a.startsWith('--')) ?? process.env.KEYLOOM_OUT ?? 'dist';
  const server = await serveStatic(dir);
  let result: FirstLoad;
  try {
    result = await measureFirstLoad(server.url);
  } finally {
    await server.close();
  }
  const kb = (n: number) => `${(n / 1000).toFixed(1)} kB`;
  const sorted = [...result.files].sort((a, b) => b.gzipBytes - a.gzipBytes);
  for (const f of args.includes('--list') ? sorted : sorted.slice(0, 10))
    console.log(`${kb(f.gzipBytes).padStart(9)} gz ${kb(f.bytes).padStart(9)}  ${f.url}`);
  if (!args.includes('--list') && sorted.length > 10) console.log(`      … ${sorted.length - 10} more files`);
  const over = result.gzipTotal > FIRST_LOAD_CEILING_BYTES;
  const toTarget = result.gzipTotal - FIRST_LOAD_TARGET_BYTES;
  console.log(
    `first load: ${kb(result.gzipTotal)} gzip -9 in ${result.files.length} files ` +
      `(ceiling ${kb(FIRST_LOAD_CEILING_BYTES)}: ${over ? 'OVER, fails' : 'ok'}; ` +
      `target ${kb(FIRST_LOAD_TARGET_BYTES)}: ${toTarget > 0 ? `${kb(toTarget)} to cut` : 'met'})`,
  );
  if (result.prefetched.length > 0)
    console.log(
      `prefetched when idle after the keymap showed (not counted): ${kb(result.prefetched.reduce((s, f) => s + f.gzipBytes, 0))} gz in ${result.prefetched.length} files`,
    );
  for (const u of result.foreign) console.log(`request to another origin: ${u}`);
  if (over || result.foreign.length > 0) process.exitCode = 1;
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
