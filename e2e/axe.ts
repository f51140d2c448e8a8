import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { expect, type Page } from '@playwright/test';

// axe-core, served to the page from its own origin: the app's Content-Security-Policy takes scripts from there only.
const AXE_URL = '/__axe-core.js';
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** Lets `checkAccessibility` load axe-core into the page (call before the first navigation). */
export async function serveAxe(page: Page): Promise<void> {
  await page.route(`**${AXE_URL}`, (route) =>
    route.fulfill({ body: axeSource, contentType: 'text/javascript' }),
  );
}

interface AxeViolation {
  id: string;
  help: string;
  nodes: { target: string[]; failureSummary?: string }[];
}

/** Shows the page in a theme once the colours it switches have finished their transitions. */
async function showTheme(page: Page, mode: 'dark' | 'light'): Promise<void> {
  await page.evaluate(async (m) => {
    const hook = (
      window as unknown as {
        __keyloom: { stores: { settings: { getState(): { update(s: object): void } } } };
      }
    ).__keyloom;
    hook.stores.settings.getState().update({ themeMode: m });
    const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
    while (document.documentElement.dataset.themeMode !== m) await frame();
    // The frame after the switch starts the colour transitions; a check mid-way would read mixed colours.
    await frame();
    await Promise.all(
      document
        .getAnimations()
        .filter((a) => a instanceof CSSTransition)
        .map((a) => a.finished.catch(() => undefined)),
    );
  }, mode);
}

// What axe runs: WCAG 2.0–2.2 A and AA, and WCAG 2.5.3 Label in Name, which axe counts as experimental.
const WCAG_A_AA = {
  runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] },
  rules: { 'label-content-name-mismatch': { enabled: true } },
};
// A theme changes colours only (the same elements, names and roles): in the second theme the rules that read
// colours run again, which halves the time a check takes.
const COLOUR_RULES = { runOnly: { type: 'rule', values: ['color-contrast', 'link-in-text-block'] } };

/**
 * Runs axe-core's WCAG 2 A and AA rules over the page, or over the elements `scope` selects, in the theme it
 * shows, then its colour rules in the other theme. Violations are soft failures, named by `what`, so one run lists
 * everything a screen gets wrong.
 */
export async function checkAccessibility(page: Page, what: string, scope?: string): Promise<void> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ url: AXE_URL });
  // Whichever theme the page shows gets every rule, the other the colour rules: one switch per check.
  const shown = await page.evaluate(() => document.documentElement.dataset.themeMode);
  const modes = shown === 'light' ? (['light', 'dark'] as const) : (['dark', 'light'] as const);
  for (const [pass, mode] of modes.entries()) {
    await showTheme(page, mode);
    const violations = await page.evaluate(
      async ([include, rules]) => {
        const axe = (window as unknown as { axe: { run(c: unknown, o: unknown): Promise<unknown> } }).axe;
        const result = (await axe.run(include ? { include: [include] } : document, {
          ...rules,
          resultTypes: ['violations'],
        })) as { violations: AxeViolation[] };
        return result.violations.map((v) => ({
          id: v.id,
          help: v.help,
          nodes: v.nodes.map((n) => ({ target: n.target, failureSummary: n.failureSummary })),
        }));
      },
      [scope, pass === 0 ? WCAG_A_AA : COLOUR_RULES] as const,
    );
    const readable = violations.flatMap((v) =>
      v.nodes.map(
        (n) => `${v.id} (${v.help}) at ${n.target.join(' ')}: ${n.failureSummary?.replace(/\s+/g, ' ')}`,
      ),
    );
    expect.soft(readable, `${what}, ${mode} theme`).toEqual([]);
  }
}
