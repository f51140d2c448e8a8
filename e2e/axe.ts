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

/**
 * Runs axe-core's WCAG 2.0–2.2 A and AA rules (and WCAG 2.5.3 Label in Name, which axe counts as experimental)
 * over the page, or over the elements `scope` selects, in the dark and the light theme. Violations are soft
 * failures, named by `what`, so one run lists everything a screen gets wrong.
 */
export async function checkAccessibility(page: Page, what: string, scope?: string): Promise<void> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ url: AXE_URL });
  for (const mode of ['dark', 'light'] as const) {
    await showTheme(page, mode);
    const violations = await page.evaluate(
      async ([include]) => {
        const axe = (window as unknown as { axe: { run(c: unknown, o: unknown): Promise<unknown> } }).axe;
        const result = (await axe.run(include ? { include: [include] } : document, {
          runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] },
          rules: { 'label-content-name-mismatch': { enabled: true } },
          resultTypes: ['violations'],
        })) as { violations: AxeViolation[] };
        return result.violations.map((v) => ({
          id: v.id,
          help: v.help,
          nodes: v.nodes.map((n) => ({ target: n.target, failureSummary: n.failureSummary })),
        }));
      },
      [scope] as const,
    );
    const readable = violations.flatMap((v) =>
      v.nodes.map(
        (n) => `${v.id} (${v.help}) at ${n.target.join(' ')}: ${n.failureSummary?.replace(/\s+/g, ' ')}`,
      ),
    );
    expect.soft(readable, `${what}, ${mode} theme`).toEqual([]);
  }
}
