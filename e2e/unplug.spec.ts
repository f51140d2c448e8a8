import { test, expect, type Page } from '@playwright/test';
import { readFile, writeFile, mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eepromKey, injectFault, withoutRememberedKeyboards } from './helpers.ts';

const KEYMAP_SET_BUFFER = 0x13;
/** The Aurora 75's record of unfinished writes (its vendor/product id 4B4C:0002). */
const RECORD = `keyloom-unfinished-writes:${0x4b4c0002}`;

test.beforeEach(async ({ page }) => {
  await withoutRememberedKeyboards(page);
  await page.addInitScript(() => delete (window as unknown as Record<string, unknown>).showSaveFilePicker);
});

async function openSaveLoad(page: Page) {
  await page.goto('/?virtual=aurora75#/');
  await expect(page.getByTestId('keyboard-canvas')).toBeVisible({ timeout: 30_000 });
  await page.getByRole('button', { name: 'Save + Load' }).click();
}

/** Saves the layout and writes a file with every key of layers 1–3 changed (many keymap blocks). */
async function bigLayoutFile(page: Page): Promise<string> {
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  const layout = JSON.parse(await readFile((await (await download).path())!, 'utf8')) as {
    layers: string[][];
  };
  for (const layer of [1, 2, 3]) layout.layers[layer] = layout.layers[layer]!.map(() => 'KC_B');
  const file = path.join(await mkdtemp(path.join(tmpdir(), 'kl-unplug-')), 'keyloom_aurora_75.layout.json');
  await writeFile(file, JSON.stringify(layout));
  return file;
}

/** Applies the file and pulls the cable on its 4th keymap block: the page is left with no keyboard. */
async function unplugMidLoad(page: Page, file: string) {
  await injectFault(page, { kind: 'unplug' }, { command: KEYMAP_SET_BUFFER, after: 3 });
  await page.getByLabel('Load Saved Layout').setInputFiles(file);
  await page.getByTestId('load-preview').getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByRole('heading', { name: 'Welcome to Keyloom' })).toBeVisible({ timeout: 15_000 });
  await expect.poll(() => page.evaluate((key) => localStorage.getItem(key), RECORD)).not.toBeNull();
}

const FAULT_LINES = [
  'Loading the layout did not finish.',
  /The keyboard is partly changed: 3 of \d+ keymap blocks were written\./,
  'It stopped while writing keymap block 4: The keyboard was disconnected',
  'Recorded when the write stopped (the keyboard was unplugged or the page closed)',
];

test('unplugged on the 4th keymap block of Apply: after a reload the load is named; Retry finishes it', async ({
  page,
}) => {
  await openSaveLoad(page);
  const file = await bigLayoutFile(page);
  await unplugMidLoad(page, file);

  await page.reload();
  // The keymap is where the page opens: the notice leads to Save + Load.
  const notice = page.getByTestId('unfinished-write');
  await expect(notice).toContainText(
    'Loading a layout onto this keyboard did not finish: it is partly changed.',
    {
      timeout: 30_000,
    },
  );
  await notice.getByRole('button', { name: 'Open Save + Load' }).click();
  const fault = page.getByTestId('layout-fault');
  for (const line of FAULT_LINES) await expect(fault).toContainText(line);

  await fault.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByText('Layout loaded onto the keyboard.')).toBeVisible();
  await expect(fault).toBeHidden();
  for (const [layer, row, col] of [
    [1, 0, 0],
    [2, 3, 7],
    [3, 5, 15],
  ] as const)
    expect(await eepromKey(page, layer, row, col)).toBe(0x05);
  expect(await page.evaluate((key) => localStorage.getItem(key), RECORD)).toBeNull();
});

test('unplugged mid-load and plugged back in: Save + Load names it; Restore puts the layout before it back', async ({
  page,
}) => {
  await openSaveLoad(page);
  const before = await eepromKey(page, 3, 5, 15);
  const file = await bigLayoutFile(page);
  await unplugMidLoad(page, file);

  await page.getByRole('button', { name: 'Try a virtual keyboard' }).click();
  await page
    .getByRole('dialog')
    .getByRole('button', { name: /Keyloom Aurora 75/ })
    .click();
  const fault = page.getByTestId('layout-fault');
  for (const line of FAULT_LINES) await expect(fault).toContainText(line, { timeout: 30_000 });
  await fault.getByRole('button', { name: 'Restore the previous layout' }).click();
  await expect(
    page.getByText('The previous layout is back on the keyboard (checked by reading it back).'),
  ).toBeVisible();
  expect(await eepromKey(page, 1, 0, 0)).not.toBe(0x05);
  expect(await eepromKey(page, 3, 5, 15)).toBe(before);
  expect(await page.evaluate((key) => localStorage.getItem(key), RECORD)).toBeNull();
});
