import { writeFileSync } from 'node:fs';
import { test, expect, type Page } from '@playwright/test';
import { flashTarget } from '../src/bootloaders/flashTargets.ts';
import { demoFirmwareFile } from '../src/virtual-keyboard/bootloaders/demoImages.ts';
import { checkAccessibility, serveAxe } from './axe.ts';
import {
  eepromKey,
  firmware,
  firmwareRequest,
  readKeyboardAgain,
  openPane,
  withoutRememberedKeyboards,
} from './helpers.ts';

// QMK flashing (issue 29) on the Keyloom Split 36 demos: each one's firmware takes VIA's bootloader jump into a
// virtual bootloader behind the browser surface the real one has (Web Serial, WebUSB, WebHID, a drive).

test.beforeEach(({ page }) => withoutRememberedKeyboards(page));

// The owner's own key at 0,0 (the demo has Q there).
const KC_ESC = 0x29;

/** What the owner set on the keyboard: a key, the thumb keys' layout option, the underglow brightness. */
async function customise(page: Page): Promise<void> {
  await firmwareRequest(page, 0x05, 0, 0, 0, 0x00, KC_ESC);
  await firmwareRequest(page, 0x03, 0x02, 0, 0, 0, 1);
  await firmwareRequest(page, 0x07, 2, 1, 77);
  await firmwareRequest(page, 0x09, 2);
  // The app reads the keyboard again, as after any change made outside it.
  await readKeyboardAgain(page);
}

/** Records every progress text the dialog shows (a virtual flash takes well under a second). */
async function watchProgress(page: Page): Promise<() => Promise<string[]>> {
  await page.evaluate(() => {
    const seen: string[] = [];
    Object.assign(window, { __progress: seen });
    new MutationObserver(() => {
      const bar = document.querySelector('[data-testid="flash-dialog"] progress');
      const text = bar?.getAttribute('aria-valuetext');
      if (text && seen.at(-1) !== text) seen.push(text);
    }).observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
  });
  return () => page.evaluate(() => (window as unknown as { __progress: string[] }).__progress);
}

async function openFlash(page: Page, demo: string): Promise<void> {
  await openPane(page, 'Firmware', demo);
  await page.getByRole('button', { name: 'Flash firmware…' }).click();
  await expect(page.getByRole('dialog', { name: /^Flash firmware: Keyloom Split 36/ })).toBeVisible();
}

const dialog = (page: Page) => page.getByTestId('flash-dialog');

/** From the flashed keyboard back to the backup through Save + Load's preview. */
async function restoreThroughPreview(page: Page): Promise<void> {
  await expect(dialog(page).getByTestId('flash-comparison')).toHaveText(
    'Compared with the backup taken before flashing, these differ: 1 key, 2 settings.',
  );
  await dialog(page).getByRole('button', { name: 'Restore from the backup…' }).click();
  const preview = page.getByTestId('load-preview');
  await expect(preview).toBeVisible();
  await expect(preview.getByTestId('preview-keys-0')).toContainText('KC_ESC');
  await expect(preview.getByTestId('preview-settings')).toHaveText('2 settings change.');
  await preview.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByText('Layout loaded onto the keyboard.')).toBeVisible();
  await expect.poll(() => eepromKey(page, 0, 0, 0)).toBe(KC_ESC);
  await expect.poll(() => firmware(page, 'layoutOptionsValue')).toBe(1);
  await expect.poll(() => firmware<number[]>(page, 'customValue', 2, 1)).toEqual([77]);
}

test('Caterina: backup, bootloader jump, flash with progress, verified, keyboard back, restored', async ({
  page,
}) => {
  await serveAxe(page);
  await openFlash(page, 'qmk-caterina');
  const factory = await eepromKey(page, 0, 0, 0);
  await customise(page);
  await expect(dialog(page).getByLabel('Bootloader')).toHaveValue('atmega32u4-caterina');
  await dialog(page).getByRole('button', { name: "Use the demo's test firmware" }).click();
  await expect(dialog(page)).toContainText('Intel HEX, 27,874 bytes to write.');
  await dialog(page).getByRole('radio', { name: 'Not split, or handedness set another way' }).check();
  await checkAccessibility(page, 'Flash dialog: set up', '[data-testid="flash-dialog"]');
  const progress = await watchProgress(page);
  await dialog(page).getByRole('button', { name: 'Flash', exact: true }).click();
  await expect(dialog(page)).toContainText('Verified 27,874 bytes.');
  await expect(dialog(page)).toContainText('The keyboard is back with its new firmware.');
  expect(await progress()).toEqual(
    expect.arrayContaining([expect.stringMatching(/^Writing: [\d,]+ of 27,874 bytes$/)]),
  );
  expect((await progress()).some((text) => text.startsWith('Reading back'))).toBe(true);
  // The new firmware started with its defaults: the key the owner set is gone until restored.
  expect(await eepromKey(page, 0, 0, 0)).toBe(factory);
  await checkAccessibility(page, 'Flash dialog: flashed and compared', '[data-testid="flash-dialog"]');
  await restoreThroughPreview(page);
});

test('STM32 DFU: a .bin picked from disk, erased by sector, verified, restored', async ({
  page,
}, testInfo) => {
  await openFlash(page, 'qmk-stm32-dfu');
  await customise(page);
  const file = demoFirmwareFile(flashTarget('stm32f411-dfu'));
  const path = testInfo.outputPath(file.name);
  writeFileSync(path, file.bytes);
  await dialog(page).getByLabel('Choose a firmware file…').setInputFiles(path);
  await expect(dialog(page)).toContainText('.bin, 61,732 bytes to write.');
  const progress = await watchProgress(page);
  await dialog(page).getByRole('button', { name: 'Flash', exact: true }).click();
  await expect(dialog(page)).toContainText('Verified 61,732 bytes.');
  // Only the four 16 KB sectors the image touches are erased (dfu-util's way), the rest of flash is kept.
  expect((await progress()).filter((text) => text.startsWith('Erasing'))).toContain(
    'Erasing: 3 of 4 sectors',
  );
  expect((await progress()).join()).not.toMatch(/of [5-9] sectors/);
  await restoreThroughPreview(page);
});

test('faults on Atmel DFU: a stall, a disconnect, a verify mismatch, each said, and the board flashes again', async ({
  page,
}) => {
  await openFlash(page, 'qmk-atmel-dfu');
  // The next bootloader visit refuses its 6th block write.
  await page.evaluate(() => {
    const hook = (window as unknown as { __keyloom: { stores: { runtime: RuntimeLike } } }).__keyloom;
    type RuntimeLike = { provider: { devices(): Promise<{ device: { firmware: { config: object } } }[]> } };
    return hook.stores.runtime.provider
      .devices()
      .then(([first]) => void Object.assign(first!.device.firmware.config, { qmkFaults: { stallAt: 5 } }));
  });
  await dialog(page).getByRole('button', { name: "Use the demo's test firmware" }).click();
  await dialog(page).getByRole('radio', { name: 'Not split, or handedness set another way' }).check();
  await dialog(page).getByRole('button', { name: 'Flash', exact: true }).click();
  await expect(dialog(page)).toContainText('Flashing failed. The bootloader refused the request (writing).');
  await expect(dialog(page)).toContainText('the keyboard stays in its bootloader until it is flashed');

  /** The bootloader on the bus now gets another fault, counted from its next block write. */
  const nextFault = (fault: 'disconnectAt' | 'corruptAddress') =>
    page.evaluate((kind) => {
      const hook = (window as unknown as { __keyloom: { stores: { runtime: { virtualHid: HidLike } } } })
        .__keyloom;
      type HidLike = { bootBus: { made: { faults: { writes: number; faults: Record<string, number> } }[] } };
      const counter = hook.stores.runtime.virtualHid.bootBus.made.at(-1)!.faults;
      counter.faults[kind] = kind === 'disconnectAt' ? counter.writes + 3 : 0x1234;
    }, fault);

  await nextFault('disconnectAt');
  await dialog(page).getByRole('button', { name: 'Flash again' }).click();
  await expect(dialog(page)).toContainText('Flashing failed. The bootloader disconnected (writing).');
  // The board, replugged, is still in its bootloader: the next flash finds it and reads back a weak byte.
  await nextFault('corruptAddress');
  await dialog(page).getByRole('button', { name: 'Flash again' }).click();
  await expect(dialog(page)).toContainText(
    /Verification failed: the flash at 0x1234 holds 0x[0-9A-F]{2}, the file has/,
  );
  await dialog(page).getByRole('button', { name: 'Flash again' }).click();
  await expect(dialog(page)).toContainText('Verified 27,874 bytes.');
  await expect(dialog(page)).toContainText('The keyboard is back with its new firmware.');
});

test('a UF2 drive: the drive is picked, the file copied, nothing to read back', async ({ page }) => {
  await openFlash(page, 'qmk-uf2');
  await dialog(page).getByRole('button', { name: "Use the demo's test firmware" }).click();
  await expect(dialog(page)).toContainText('.uf2, 123,392 bytes to write.');
  await dialog(page).getByRole('button', { name: 'Flash', exact: true }).click();
  // The user picks the drive once it shows on the desktop: here, once the virtual one is mounted.
  await expect
    .poll(() =>
      page.evaluate(() => {
        const hook = (window as unknown as { __keyloom: { stores: { runtime: { virtualHid: HidLike } } } })
          .__keyloom;
        type HidLike = { bootBus?: { on(): unknown[] } };
        return hook.stores.runtime.virtualHid.bootBus?.on().length ?? 0;
      }),
    )
    .toBe(1);
  await dialog(page).getByRole('button', { name: 'Choose the drive…' }).click();
  await expect(dialog(page)).toContainText('Wrote 123,392 bytes (this bootloader cannot read back');
  await expect(dialog(page)).toContainText('The keyboard is back with its new firmware.');
});
