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
 * Holds the app's chunk back until the demo's starter chunk (`vialStart-`) has been asked for, or 10 s have
 * passed: the app asks for it at the end of its chunk's module body, so a request before the chunk is let through
 * came from the page's list. Whether that happens is what the test asserts, not how long it takes.
 */
async function holdAppChunk(page: Page, starter: string) {
  const order: string[] = [];
  let asked!: () => void;
  const starterAsked = new Promise<void>((resolve) => (asked = resolve));
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.includes(`/assets/${starter}`)) {
      order.push('starter asked');
      asked();
    }
  });
  await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
    await Promise.race([starterAsked, new Promise((resolve) => setTimeout(resolve, 10_000))]);
    order.push('app chunk let through');
    await route.continue();
  });
  return order;
}

const DEMOS = [
  { link: '/?virtual=vial-demo', list: '/vial.js', starter: 'vialStart-', shown: 'keyboard-canvas' },
  { link: '/?virtual=zmk-demo', list: '/zmk.js', starter: 'zmkConnections-', shown: 'zmk-lock' },
];

for (const demo of DEMOS)
  test(`${demo.link} preloads its code from the page, and each file is fetched once`, async ({ page }) => {
    const counts = countRequests(page);
    const order = await holdAppChunk(page, demo.starter);
    const warnings: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'warning' || message.type() === 'error') warnings.push(message.text());
    });
    await page.goto(demo.link);
    await expect(page.getByTestId(demo.shown).first()).toBeVisible();
    expect(counts.get(demo.list)).toBe(1);
    expect(order).toEqual(['starter asked', 'app chunk let through']);
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
