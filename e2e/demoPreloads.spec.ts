// A demo link's code is asked for from the page, beside the app's chunk: public/shellGate.js loads the build's
// list of that demo's files (vial.js, zmk.js: scripts/shellGatePlugin.ts), which preloads them, and the app's
// later import() takes the preloaded modules (docs/performance.md, "Demo links: their code asked for from the
// page").
import { test, expect, type Page } from '@playwright/test';

/** Counts the page's requests by path. */
function countRequests(page: Page): Map<string, number> {
  const counts = new Map<string, number>();
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname;
    counts.set(path, (counts.get(path) ?? 0) + 1);
  });
  return counts;
}

/**
 * Whether the chunk `name` starts (`vialStart-`) was asked for before the page was parsed (`domInteractive`): the
 * app's chunk, a module script, runs only after that, so it had not begun to evaluate. Requested by the app
 * itself, at the end of its chunk's module body, the request comes after.
 */
function askedBeforeParsed(page: Page, name: string) {
  return page.evaluate((name) => {
    const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
    const entry = (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).find((e) =>
      new URL(e.name).pathname.includes(`/assets/${name}`),
    );
    return entry ? entry.startTime < nav.domInteractive : null;
  }, name);
}

const DEMOS = [
  { link: '/?virtual=vial-demo', list: '/vial.js', starter: 'vialStart-', shown: 'keyboard-canvas' },
  { link: '/?virtual=zmk-demo', list: '/zmk.js', starter: 'zmkConnections-', shown: 'zmk-lock' },
];

for (const demo of DEMOS)
  test(`${demo.link} preloads its code from the page, and each file is fetched once`, async ({ page }) => {
    const counts = countRequests(page);
    const warnings: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'warning' || message.type() === 'error') warnings.push(message.text());
    });
    await page.goto(demo.link);
    await expect(page.getByTestId(demo.shown).first()).toBeVisible();
    expect(counts.get(demo.list)).toBe(1);
    expect(await askedBeforeParsed(page, demo.starter)).toBe(true);
    expect([...counts].filter(([, n]) => n > 1)).toEqual([]);
    expect(warnings.filter((text) => /preload/i.test(text))).toEqual([]);
  });

test("a plain start loads no demo list and none of the demos' code", async ({ page }) => {
  const counts = countRequests(page);
  await page.goto('/');
  await expect(page.getByTestId('keyboard-canvas').getByRole('button').first()).toBeVisible();
  expect(counts.get('/vial.js') ?? 0).toBe(0);
  expect(counts.get('/zmk.js') ?? 0).toBe(0);
  const demoCode = [...counts.keys()].filter((path) => /\/(vialStart|zmkStart|zmkConnections)-/.test(path));
  expect(demoCode).toEqual([]);
});
