import { writeFileSync } from 'node:fs';
import { test, expect, type Page, type TestInfo } from '@playwright/test';
import { flashTarget } from '../src/bootloaders/flashTargets.ts';
import { demoFirmwareFile, type DemoBoard } from '../src/virtual-keyboard/bootloaders/demoImages.ts';
import { checkAccessibility, serveAxe } from './axe.ts';
import {
  eepromKey,
  firmwareRequest,
  readKeyboardAgain,
  openPane,
  withoutRememberedKeyboards,
} from './helpers.ts';

// Flashing Keychron boards (issue 40.6) on the virtual Q1 V2 ANSI Knob (STM32L432, STM32 DFU): its firmware
// refuses VIA's bootloader jump as Keychron's does, so the owner resets it by hand; the backup holds the keymap and
// the Keychron settings, offered back after the flash and restored exactly.

test.beforeEach(({ page }) => withoutRememberedKeyboards(page));

const KC_A = 0x04;
const Q1: DemoBoard = {
  vendorId: 0x3434,
  productId: 0x0107,
  name: 'Keychron Q1 V2 ANSI Knob',
  text: 'v2.2.0 2025-12-01-16:59:02',
  dfuSuffix: true,
};
const dialog = (page: Page) => page.getByTestId('flash-dialog');

/** The first virtual board's Keychron EEPROM image as hex (Keychron's part and VIA's, 3,072 bytes). */
function keychronEeprom(page: Page): Promise<string> {
  return page.evaluate(async () => {
    const hook = (window as unknown as { __keyloom: { stores: { runtime: RuntimeLike } } }).__keyloom;
    type RuntimeLike = {
      provider: { devices(): Promise<{ device: { firmware: { keychron: { image(): Uint8Array } } } }[]> };
    };
    const [first] = await hook.stores.runtime.provider.devices();
    return Array.from(first!.device.firmware.keychron.image(), (b) => b.toString(16).padStart(2, '0')).join(
      '',
    );
  });
}

/** The owner's settings: three colours, a region's effect, a Snap Click pair, debounce, a key; all saved. */
async function customise(page: Page): Promise<void> {
  await firmwareRequest(page, 0xa8, 0x0a, 0, 3, 85, 255, 200, 170, 255, 200, 43, 255, 200);
  await firmwareRequest(page, 0xa8, 0x0f, 0, 0, 1, 7, 10, 20, 30, 0x88, 0x13, 0, 0);
  await firmwareRequest(page, 0xa8, 0x02);
  await firmwareRequest(page, 0xa7, 0x09, 0, 1, 1, 0x04, 0x07);
  await firmwareRequest(page, 0xa7, 0x0a);
  await firmwareRequest(page, 0xa7, 0x06, 2, 12);
  await firmwareRequest(page, 0x05, 0, 0, 0, 0x00, KC_A);
  // The app reads the keyboard again, as after any change made outside it.
  await readKeyboardAgain(page);
}

async function openFlash(page: Page): Promise<void> {
  await openPane(page, 'Firmware', 'keychron-q1v2');
  await page.getByRole('button', { name: 'Flash firmware…' }).click();
  await expect(dialog(page)).toBeVisible();
  await expect(dialog(page).getByLabel('Bootloader')).toHaveValue('stm32l432-dfu');
}

/** Writes `file` where the test's outputs go and picks it in the dialog. */
async function pick(page: Page, testInfo: TestInfo, file: { name: string; bytes: Uint8Array }) {
  const path = testInfo.outputPath(file.name);
  writeFileSync(path, file.bytes);
  await dialog(page).getByLabel('Choose a firmware file…').setInputFiles(path);
}

test('Q1 V2: backup with its Keychron settings, Esc held while plugging in, flashed, restored byte for byte', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1400, height: 900 });
  await serveAxe(page);
  await openFlash(page);
  await customise(page);
  const owners = await keychronEeprom(page);
  await dialog(page).getByRole('button', { name: "Use the demo's test firmware" }).click();
  await expect(dialog(page)).toContainText('.bin, 61,732 bytes to write.');
  await dialog(page).getByRole('button', { name: 'Flash', exact: true }).click();
  // Keychron's via.c answers VIA's jump as unhandled: the dialog says how its owner gets into the bootloader.
  await expect(dialog(page)).toContainText('Keychron’s firmware does not take VIA’s bootloader jump.');
  await page.screenshot({ path: 'test-results/keychron-flash-waiting.png' });
  await checkAccessibility(page, 'Flash dialog: Keychron reset by hand', '[data-testid="flash-dialog"]');
  const holdEsc = dialog(page).getByRole('button', { name: 'Plug in holding Esc (virtual keyboard)' });
  await holdEsc.focus();
  await page.keyboard.press('Enter');
  await expect(dialog(page)).toContainText('Verified 61,732 bytes.');
  await expect(dialog(page)).toContainText('The keyboard is back with its new firmware.');
  // Bootmagic cleared every setting: the key and the Keychron settings are the firmware's defaults now.
  expect(await keychronEeprom(page)).not.toBe(owners);
  expect(await eepromKey(page, 0, 0, 0)).toBe(0x29);
  await expect(dialog(page).getByTestId('flash-comparison')).toHaveText(
    'Compared with the backup taken before flashing, these differ: 1 key, 4 Keychron settings.',
  );
  await expect(dialog(page).getByTestId('flash-keychron-parts')).toHaveText(
    'Keychron settings that differ: per-key colours, region effects, Snap Click, debounce.',
  );
  await page.screenshot({ path: 'test-results/keychron-flash-done.png' });
  await dialog(page).getByRole('button', { name: 'Restore from the backup…' }).click();
  const preview = page.getByTestId('load-preview');
  await expect(preview).toBeVisible();
  await preview.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByText('Layout loaded onto the keyboard.')).toBeVisible();
  // Written, saved with the firmware's own saves, read back: the board's EEPROM is the owner's again, every byte.
  await expect.poll(() => keychronEeprom(page)).toBe(owners);
});

test('Q1 V2: another MCU’s Keychron build is refused, another Keychron board’s asks "Flash anyway"', async ({
  page,
}, testInfo) => {
  await openFlash(page);
  // The C1 Pro 8K's build (AT32F405): QMK's DFU suffix names Artery's bootloader.
  await pick(page, testInfo, demoFirmwareFile(flashTarget('at32f405-dfu'), { ...Q1, productId: 0x0521 }));
  await expect(dialog(page)).toContainText(
    'The file’s DFU suffix says it is for AT32 DFU (Artery) (2E3C:DF11), not STM32 DFU',
  );
  await expect(dialog(page).getByRole('button', { name: 'Flash', exact: true })).toBeDisabled();
  // A build for the same chip and bootloader, but the ISO Q1 V2 (another product id): the owner must confirm.
  await pick(
    page,
    testInfo,
    demoFirmwareFile(flashTarget('stm32l432-dfu'), { ...Q1, productId: 0x0108, name: 'Keychron Q1 V2 ISO' }),
  );
  await expect(dialog(page)).toContainText('This firmware calls itself Keychron Q1 V2 ISO (3434:0108)');
  await expect(dialog(page).getByRole('button', { name: 'Flash anyway' })).toBeVisible();
});

test('Q1 V2: unplugged mid-transfer, said, and flashed again from its bootloader', async ({ page }) => {
  await openFlash(page);
  // The next bootloader visit loses its cable at the 6th block written.
  await page.evaluate(() => {
    const hook = (window as unknown as { __keyloom: { stores: { runtime: RuntimeLike } } }).__keyloom;
    type RuntimeLike = { provider: { devices(): Promise<{ device: { firmware: { config: object } } }[]> } };
    return hook.stores.runtime.provider
      .devices()
      .then(
        ([first]) => void Object.assign(first!.device.firmware.config, { qmkFaults: { disconnectAt: 5 } }),
      );
  });
  await dialog(page).getByRole('button', { name: "Use the demo's test firmware" }).click();
  await dialog(page).getByRole('button', { name: 'Flash', exact: true }).click();
  await dialog(page).getByRole('button', { name: 'Plug in holding Esc (virtual keyboard)' }).click();
  await expect(dialog(page)).toContainText('Flashing failed. The bootloader disconnected (writing).');
  await expect(dialog(page)).toContainText('the keyboard stays in its bootloader until it is flashed');
  await dialog(page).getByRole('button', { name: 'Flash again' }).click();
  await expect(dialog(page)).toContainText('Verified 61,732 bytes.');
  await expect(dialog(page)).toContainText('The keyboard is back with its new firmware.');
});

test('C1 Pro 8K: its reset button, Artery’s DFU bootloader, its own build: nothing was lost', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1400, height: 900 });
  await openPane(page, 'Firmware', 'keychron-c1-pro-8k');
  await page.getByRole('button', { name: 'Flash firmware…' }).click();
  await expect(dialog(page).getByLabel('Bootloader')).toHaveValue('at32f405-dfu');
  await customise(page);
  const owners = await keychronEeprom(page);
  await dialog(page).getByRole('button', { name: "Use the demo's test firmware" }).click();
  await expect(dialog(page)).toContainText('.bin, 61,732 bytes to write.');
  await dialog(page).getByRole('button', { name: 'Flash', exact: true }).click();
  await expect(dialog(page)).toContainText('Waiting for the bootloader (2E3C:DF11) to appear');
  await dialog(page).getByRole('button', { name: 'Press the reset button (virtual keyboard)' }).click();
  await expect(dialog(page)).toContainText('Verified 61,732 bytes.');
  await expect(dialog(page)).toContainText('The keyboard is back with its new firmware.');
  // The same build, entered by the reset button: the EEPROM came through the flash untouched.
  await expect(dialog(page).getByTestId('flash-comparison')).toHaveText(
    'It still holds everything in the backup: nothing to put back.',
  );
  expect(await keychronEeprom(page)).toBe(owners);
});
