import { test, expect, type Page } from '@playwright/test';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { canvasKey as key, eepromKey, withoutRememberedKeyboards } from './helpers.ts';

const COLS = 16; // aurora75's matrix columns: key (row, col) is index row * 16 + col in a layer

test.beforeEach(async ({ page }) => {
  await withoutRememberedKeyboards(page);
  // Headless Chromium would open a native dialog: use the download fallback.
  await page.addInitScript(() => delete (window as unknown as Record<string, unknown>).showSaveFilePicker);
});

/** Saves the layout through Save + Load and returns the file as the app wrote it. */
async function savedLayout(page: Page): Promise<{ layers: string[][] } & Record<string, unknown>> {
  await page.goto('/?virtual=aurora75#/');
  await expect(page.getByTestId('keyboard-canvas')).toBeVisible();
  await page.getByRole('button', { name: 'Save + Load' }).click();
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  return JSON.parse(await readFile((await (await download).path())!, 'utf8')) as {
    layers: string[][];
  } & Record<string, unknown>;
}

/** The saved file with KC_A (row 3, col 1) turned into VIA's KC_SLCK and S (row 3, col 2) into an unknown name. */
async function fileWithUnknownName(page: Page): Promise<string> {
  const layout = await savedLayout(page);
  expect(layout.layers[0]![3 * COLS + 1]).toBe('KC_A');
  layout.layers[0]![3 * COLS + 1] = 'KC_SLCK';
  layout.layers[0]![3 * COLS + 2] = 'KC_WHATEVER';
  const dir = await mkdtemp(path.join(tmpdir(), 'kl-unknown-'));
  const file = path.join(dir, 'keyloom_aurora_75.layout.json');
  await writeFile(file, JSON.stringify(layout));
  return file;
}

test('a file with an unknown name shows where it is; "Load the rest" writes everything else and leaves that key', async ({
  page,
}) => {
  const file = await fileWithUnknownName(page);
  await page.getByLabel('Load Saved Layout').setInputFiles(file);
  const dialog = page.getByRole('alertdialog', { name: 'Names this keyboard does not know' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId('unknown-names')).toHaveText(
    'KC_WHATEVER — layer 0, key S (row 3, column 2)',
  );
  await page.screenshot({ path: 'test-results/screenshots/unknown-names-dialog.png' });
  // Nothing is written while the user decides.
  expect(await eepromKey(page, 0, 3, 1)).toBe(0x04);
  await dialog.getByRole('button', { name: 'Load the rest and leave these keys unchanged' }).click();
  // The preview of what the rest changes comes next; nothing is written before Apply.
  expect(await eepromKey(page, 0, 3, 1)).toBe(0x04);
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByText('Layout loaded onto the keyboard.')).toBeVisible();
  await expect.poll(() => eepromKey(page, 0, 3, 1)).toBe(0x47); // VIA's KC_SLCK = Scroll Lock
  expect(await eepromKey(page, 0, 3, 2)).toBe(0x16); // KC_S, as it was
});

test('Cancel in the unknown-names dialog writes nothing', async ({ page }) => {
  const file = await fileWithUnknownName(page);
  await page.getByLabel('Load Saved Layout').setInputFiles(file);
  const dialog = page.getByRole('alertdialog', { name: 'Names this keyboard does not know' });
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Layout loaded onto the keyboard.')).toBeHidden();
  expect(await eepromKey(page, 0, 3, 1)).toBe(0x04);
  expect(await eepromKey(page, 0, 3, 2)).toBe(0x16);
});

test("Save writes VIA's names, and the Any modal shows that same text for the selected key", async ({
  page,
}) => {
  await page.goto('/?virtual=aurora75#/');
  await key(page, /^row 3, column 1: A$/).click();
  await page.getByRole('button', { name: 'Special' }).click();
  await page.getByRole('button', { name: 'Any', exact: true }).click();
  await page.getByLabel('Please enter your desired QMK keycode or hex code:').fill('KC_SCRL');
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect.poll(() => eepromKey(page, 0, 3, 1)).toBe(0x47);

  await key(page, /^row 3, column 1:/).click();
  await page.getByRole('button', { name: 'Any', exact: true }).click();
  await expect(page.getByTestId('any-current')).toHaveText('KC_SLCK');
  await page.getByRole('button', { name: 'Cancel' }).click();

  await page.getByRole('button', { name: 'Save + Load' }).click();
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  const saved = JSON.parse(await readFile((await (await download).path())!, 'utf8')) as {
    layers: string[][];
  };
  expect(saved.layers[0]![3 * COLS + 1]).toBe('KC_SLCK');
});
