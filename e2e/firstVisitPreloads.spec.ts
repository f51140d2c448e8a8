// A first visit's start files (the definition index, the vendor configs, the default demo's definition) are asked
// for by public/shellGate.js before the app's code has run, as preloads, and the app's own fetches take those
// responses: each file crosses the network once (docs/performance.md, "Issue 43, ninth stop").
import { test, expect, type Page } from '@playwright/test';
import { canvasKey } from './helpers.ts';

const FILES = ['definitions/supported_kbs.json', 'tabkb/configs.json', 'definitions/v3/1263271938.json'];

/** Counts the requests the page sends for each of `FILES`. */
function countRequests(page: Page): Map<string, number> {
  const counts = new Map(FILES.map((file) => [file, 0]));
  page.on('request', (request) => {
    const file = FILES.find((f) => new URL(request.url()).pathname.endsWith(`/${f}`));
    if (file) counts.set(file, counts.get(file)! + 1);
  });
  return counts;
}

/** Who asked for each of `FILES` ('link' for a preload, 'fetch' for the app), as the page's resource timing says. */
function initiators(page: Page) {
  return page.evaluate((files) => {
    const entries = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
    return files.map((file) =>
      entries.filter((e) => e.name.endsWith(`/${file}`)).map((e) => e.initiatorType),
    );
  }, FILES);
}

test('a first visit preloads its start files and fetches each once', async ({ page }) => {
  const counts = countRequests(page);
  const warnings: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'warning' || message.type() === 'error') warnings.push(message.text());
  });
  await page.goto('/');
  await expect(canvasKey(page, /^row 3, column 1: A$/)).toBeVisible();
  expect(await initiators(page)).toEqual([['link'], ['link'], ['link']]);
  expect([...counts.values()]).toEqual([1, 1, 1]);
  expect(warnings.filter((text) => /preload/i.test(text))).toEqual([]);
});

test('a returning visit preloads nothing: its start fetches as before', async ({ page }) => {
  // Anything stored says a page ran here before (any start that has read the index stores its hash).
  await page.addInitScript(() => localStorage.setItem('keyloom-definitions-hash', 'seen'));
  const counts = countRequests(page);
  await page.goto('/');
  await expect(canvasKey(page, /^row 3, column 1: A$/)).toBeVisible();
  const [index, configs] = await initiators(page);
  expect(index).toEqual(['fetch']);
  expect(configs).toEqual(['fetch']);
  expect(counts.get(FILES[0]!)).toBe(1);
});

test('a link to another demo preloads only the index, which every start reads', async ({ page }) => {
  const counts = countRequests(page);
  await page.goto('/?virtual=vial-demo');
  await expect(page.getByTestId('keyboard-canvas').getByRole('button').first()).toBeVisible();
  const [index, configs, definition] = await initiators(page);
  expect(index).toEqual(['link']);
  expect(configs).not.toContain('link');
  expect(definition).toEqual([]);
  expect(counts.get(FILES[0]!)).toBe(1);
});
