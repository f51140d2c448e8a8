import { readFileSync } from 'node:fs';
import { test, expect, type Page } from '@playwright/test';
import { withoutRememberedKeyboards } from './helpers.ts';

// A keyboard Keyloom has no definition for: the Aurora 75 model reporting FEED:0001 (`?virtual=unknown`).
const RIGHT = 'e2e/fixtures/prototype75-feed-0001.json';
const WRONG = 'keyboards/demo/aurora75.json'; // Keyloom Aurora 75, 4B4C:0002

test.beforeEach(async ({ page }) => withoutRememberedKeyboards(page));

const loadButton = (page: Page) => page.getByRole('button', { name: 'Load definition…' });
const loadInput = (page: Page) => page.getByTestId('missing-definition').getByLabel('Load definition…');
const keymap = (page: Page) =>
  page.getByTestId('keyboard-canvas').getByRole('button', { name: /^row 0, column 0: / });

test('?virtual=unknown shows the keyboard with FEED:0001, "no definition" and Load definition…', async ({
  page,
}) => {
  await page.goto('/?virtual=unknown#/');
  await expect(page.getByTestId('keyboard-badge')).toHaveText(/Prototype 75.*FEED:0001 · no definition/);
  const area = page.getByTestId('keyboard-area');
  await expect(area.getByRole('heading', { name: 'Prototype 75 has no definition' })).toBeVisible();
  await expect(area.getByText('Vendor and product id: FEED:0001 · VIA protocol 12')).toBeVisible();
  await expect(loadButton(page)).toBeVisible();
  await page.getByTestId('keyboard-badge').click();
  await expect(
    page.getByRole('menuitemradio', { name: /Prototype 75.*FEED:0001 · no definition/ }),
  ).toBeVisible();
});

test('a definition for other ids is refused naming both; the right one shows the keymap, on every later visit, until removed in Settings', async ({
  page,
  context,
}) => {
  await page.goto('/?virtual=unknown#/');
  await expect(loadButton(page)).toBeVisible();

  await loadInput(page).setInputFiles(WRONG);
  await expect(page.getByRole('alert')).toHaveText(
    'This definition is for 4B4C:0002 (Keyloom Aurora 75), but the keyboard is FEED:0001. Nothing was stored.',
  );
  await expect(keymap(page)).toHaveCount(0);

  await loadInput(page).setInputFiles(RIGHT);
  await expect(keymap(page)).toBeVisible();
  await expect(page.getByTestId('keyboard-badge')).not.toHaveText(/no definition/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Prototype 75');

  // A new page in the same profile: the stored definition is used with no upload.
  const again = await context.newPage();
  await again.goto('/?virtual=unknown#/');
  await expect(keymap(again)).toBeVisible();
  await expect(loadButton(again)).toHaveCount(0);

  await again.goto('/#/settings');
  const row = again.getByRole('row', { name: /Prototype 75 FEED:0001 v3/ });
  await expect(row).toBeVisible();
  await row.getByRole('button', { name: 'Remove the definition of Prototype 75 (FEED:0001)' }).click();
  await expect(again.getByText('Removed Prototype 75 (FEED:0001).')).toBeVisible();
  await expect(again.getByText('No stored definitions.')).toBeVisible();
  await again.goto('/#/');
  await expect(loadButton(again)).toBeVisible();
  await again.reload();
  await expect(loadButton(again)).toBeVisible();
  await expect(keymap(again)).toHaveCount(0);
});

test('a refused file stores nothing', async ({ page }) => {
  await page.goto('/?virtual=unknown#/');
  await loadInput(page).setInputFiles(WRONG);
  await expect(page.getByRole('alert')).toContainText('4B4C:0002');
  await page.goto('/#/settings');
  await expect(page.getByText('No stored definitions.')).toBeVisible();
});

test('a definition file dropped on the page loads it', async ({ page }) => {
  await page.goto('/?virtual=unknown#/');
  await expect(loadButton(page)).toBeVisible();
  const text = readFileSync(RIGHT, 'utf8');
  const dataTransfer = await page.evaluateHandle((content) => {
    const transfer = new DataTransfer();
    transfer.items.add(new File([content], 'prototype75.json', { type: 'application/json' }));
    return transfer;
  }, text);
  await page.dispatchEvent('main', 'dragover', { dataTransfer });
  await page.dispatchEvent('main', 'drop', { dataTransfer });
  await expect(keymap(page)).toBeVisible();
});

test('the virtual keyboard dialog offers the keyboard with no definition', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Try a virtual keyboard' }).click();
  await page
    .getByRole('dialog')
    .getByRole('button', { name: /Prototype 75 · FEED:0001/ })
    .click();
  await expect(page.getByTestId('keyboard-badge')).toHaveText(/FEED:0001 · no definition/);
  await expect(loadButton(page)).toBeVisible();
});

test('without browser storage the definition still works for the session, with a clear message', async ({
  page,
}) => {
  await page.addInitScript(() => {
    delete (window as { indexedDB?: unknown }).indexedDB;
  });
  await page.goto('/?virtual=unknown#/');
  await loadInput(page).setInputFiles(RIGHT);
  await expect(keymap(page)).toBeVisible();
  await expect(page.getByRole('alert')).toContainText(
    'This browser does not let Keyloom keep files (private window or storage turned off)',
  );
  await page.getByRole('link', { name: 'Settings' }).click();
  // The Settings list says it too (the notice from the load may still be showing beside it).
  await expect(page.getByRole('main', { name: 'Settings' }).getByRole('alert')).toContainText(
    'does not let Keyloom keep files',
  );
});
