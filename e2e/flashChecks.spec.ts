import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { test, expect, type Page } from '@playwright/test';
import { openPane, withoutRememberedKeyboards } from './helpers.ts';

// Flashing refuses what the user did not mean (issue 38.1, 38.2): a file that is no firmware for this chip,
// another keyboard's build without a confirmation, a bootloader other than the one chosen.

test.beforeEach(({ page }) => withoutRememberedKeyboards(page));

const ONEKEY_HEX = path.resolve(
  import.meta.dirname,
  '..',
  'tests/fixtures/qmk-firmware/handwired_onekey_promicro_default.hex',
);

async function openFlash(page: Page, demo: string): Promise<void> {
  await openPane(page, 'Firmware', demo);
  await page.getByRole('button', { name: 'Flash firmware…' }).click();
  await expect(page.getByRole('dialog', { name: /^Flash firmware: Keyloom Split 36/ })).toBeVisible();
}

const dialog = (page: Page) => page.getByTestId('flash-dialog');

/** How many bootloaders the demo board has entered (each visit makes one on the virtual bus). */
const bootloadersMade = (page: Page) =>
  page.evaluate(() => {
    type HidLike = { bootBus?: { made: unknown[] } };
    const hook = (window as unknown as { __keyloom: { stores: { runtime: { virtualHid: HidLike } } } })
      .__keyloom;
    return hook.stores.runtime.virtualHid.bootBus?.made.length ?? 0;
  });

test('10,000 random bytes picked as a .bin are refused with the reason; nothing reaches the bootloader', async ({
  page,
}, testInfo) => {
  await openFlash(page, 'qmk-caterina');
  const file = testInfo.outputPath('random.bin');
  writeFileSync(
    file,
    Uint8Array.from({ length: 10_000 }, () => Math.floor(Math.random() * 256)),
  );
  await dialog(page).getByLabel('Choose a firmware file…').setInputFiles(file);
  await expect(dialog(page).getByRole('alert')).toHaveText(
    'random.bin cannot be flashed: This file does not start like ATmega32U4 firmware (no vector table at 0x0000): it is not a build for this chip.',
  );
  await expect(dialog(page).getByRole('button', { name: 'Flash', exact: true })).toBeDisabled();
  expect(await bootloadersMade(page)).toBe(0);
});

test('another board’s real QMK build is flashed only after “Flash anyway”', async ({ page }) => {
  await openFlash(page, 'qmk-caterina');
  await dialog(page).getByLabel('Choose a firmware file…').setInputFiles(ONEKEY_HEX);
  await expect(dialog(page)).toContainText('Intel HEX, 16,860 bytes to write.');
  await expect(dialog(page).getByTestId('flash-file-warning')).toHaveText(
    'Check before flashing: This firmware calls itself Onekey Pro Micro (FEED:6465): it is for another keyboard than Keyloom Split 36 (Caterina) (4B4C:0004). Flash it only if it is the firmware you mean for this keyboard.',
  );
  await expect(dialog(page).getByRole('button', { name: 'Flash', exact: true })).toHaveCount(0);
  await dialog(page).getByRole('radio', { name: 'Left half' }).check();
  expect(await bootloadersMade(page)).toBe(0);
  await dialog(page).getByRole('button', { name: 'Flash anyway' }).click();
  await expect(dialog(page)).toContainText('Verified 16,860 bytes.');
  await expect(dialog(page).getByTestId('flash-hand')).toHaveText(
    'EE_HANDS written: this board starts as the left half.',
  );
  expect(await bootloadersMade(page)).toBe(1);
});

test('the demo’s own test image names the demo keyboard: no warning; the split half is asked first', async ({
  page,
}) => {
  await openFlash(page, 'qmk-atmel-dfu');
  await dialog(page).getByRole('button', { name: "Use the demo's test firmware" }).click();
  await expect(dialog(page)).toContainText('Intel HEX, 27,874 bytes to write.');
  await expect(dialog(page).getByTestId('flash-file-warning')).toHaveCount(0);
  // No silent default for a split board's half: Flash waits for the answer.
  await expect(dialog(page)).toContainText('Choose one: Flash waits for the answer.');
  await expect(dialog(page).getByRole('button', { name: 'Flash', exact: true })).toBeDisabled();
  await dialog(page).getByRole('radio', { name: 'Right half' }).check();
  await expect(dialog(page).getByRole('button', { name: 'Flash', exact: true })).toBeEnabled();
});

test('Atmel DFU chosen on a Caterina board: Caterina is named; Cancel says cancelled and the board comes back', async ({
  page,
}) => {
  await openFlash(page, 'qmk-caterina');
  await dialog(page).getByLabel('Bootloader').selectOption('atmega32u4-atmel-dfu');
  await dialog(page).getByRole('button', { name: "Use the demo's test firmware" }).click();
  await dialog(page).getByRole('radio', { name: 'Not split, or handedness set another way' }).check();
  await dialog(page).getByRole('button', { name: 'Flash', exact: true }).click();
  await expect(dialog(page).getByRole('alert')).toHaveText(
    'This is a Caterina (Pro Micro, Elite-C) bootloader, not Atmel DFU: flash with Caterina (Pro Micro, Elite-C)?',
  );
  await expect(
    dialog(page).getByRole('button', { name: 'Flash with Caterina (Pro Micro, Elite-C)' }),
  ).toBeVisible();
  await expect(dialog(page)).not.toContainText('udev');
  await dialog(page).getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog(page)).toContainText(
    'Flashing was cancelled: nothing was written. The demo keyboard restarts with its firmware.',
  );
  await expect(dialog(page)).not.toContainText('Flashing failed');
  await dialog(page).getByRole('button', { name: 'Close' }).click();
  // The keyboard is reachable again: Configure shows its keymap, and its Firmware pane opens.
  await expect(page.getByRole('group', { name: 'Keyboard, layer 0' })).toBeVisible();
  await page
    .getByRole('navigation', { name: 'Configure panes' })
    .getByRole('button', { name: 'Firmware', exact: true })
    .click();
  await page.getByRole('button', { name: 'Flash firmware…' }).click();
  // A new flash starts over from the set-up (the demo names its own bootloader).
  await expect(dialog(page).getByLabel('Bootloader')).toHaveValue('atmega32u4-caterina');
});

test('Atmel DFU chosen on a Caterina board: switching to Caterina flashes it', async ({ page }) => {
  await openFlash(page, 'qmk-caterina');
  await dialog(page).getByLabel('Bootloader').selectOption('atmega32u4-atmel-dfu');
  await dialog(page).getByRole('button', { name: "Use the demo's test firmware" }).click();
  await dialog(page).getByRole('radio', { name: 'Not split, or handedness set another way' }).check();
  await dialog(page).getByRole('button', { name: 'Flash', exact: true }).click();
  await dialog(page).getByRole('button', { name: 'Flash with Caterina (Pro Micro, Elite-C)' }).click();
  await expect(dialog(page)).toContainText('Verified 27,874 bytes.');
  await expect(dialog(page)).toContainText('The keyboard is back with its new firmware.');
});
