/** What the benches that open the built app in Chromium share: serving it, noticing a screen shows, medians. */
import { existsSync } from 'node:fs';
import type { StaticServer } from '../scripts/serveStatic.ts';
import { serveStaticProcess } from '../scripts/serveStaticProcess.ts';
import type { Report } from './run.ts';

/**
 * Serves the build `KEYLOOM_OUT` names (`dist` by default) from a process of its own (as a host would: not from
 * the bench's, whose event loop Playwright keeps busy), or reports the bench `name` skipped and gives null when
 * it has not been built.
 */
export async function serveBuiltApp(
  report: Report,
  name: string,
  options: { gzip?: boolean } = {},
): Promise<StaticServer | null> {
  const dist = process.env.KEYLOOM_OUT ?? 'dist';
  if (!existsSync(`${dist}/index.html`)) {
    report({ name: `${name}: skipped, build the app first (npm run build)`, value: 0, unit: 'ms' });
    return null;
  }
  return serveStaticProcess(dist, options);
}

/** The console message `shownWatcher` sends. */
export const SHOWN = 'keyloom-bench:shown';

/**
 * A script to run in the page before anything else: notes (`window.__shownAt`) the first animation frame in
 * which `selector` matches, and says so on the console. Benches wait for that message rather than polling the
 * page, which would run Playwright's own script in it while the app loads (≈ 15 ms of main thread at 1x,
 * counted as the app's).
 */
export const shownWatcher = (selector: string) => `
  (function watch() {
    if (!document.querySelector(${JSON.stringify(selector)})) return requestAnimationFrame(watch);
    window.__shownAt = performance.now();
    console.debug('${SHOWN}');
  })();
`;

export const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
