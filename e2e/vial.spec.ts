import { test, expect } from '@playwright/test';
import {
  canvasKey as key,
  eepromKey,
  firmware,
  holdUnlockKeys,
  qmkSetting,
  vial,
  vialEntry,
  vialLock,
  withoutRememberedKeyboards,
} from './helpers.ts';

test.beforeEach(({ page }) => withoutRememberedKeyboards(page));

test('a Vial keyboard configures with no definition file: keymap from the keyboard, a key remapped', async ({
  page,
}) => {
  const definitionRequests: string[] = [];
  page.on('request', (r) => {
    if (/definitions\/v[23]\//.test(r.url())) definitionRequests.push(r.url());
  });
  await page.goto('/?virtual=vial-demo#/');
  await expect(key(page, /^row 2, column 1: A$/)).toBeVisible();
  await key(page, /^row 2, column 1: A$/).click();
  await page.getByRole('button', { name: 'B', exact: true }).click();
  await expect.poll(() => eepromKey(page, 0, 2, 1)).toBe(0x0005);
  await expect(key(page, /^row 2, column 1: B$/)).toBeVisible();
  expect(definitionRequests).toEqual([]);
});

test("'Try a virtual keyboard' offers the Vial board; it remembers its EEPROM across a reload", async ({
  page,
}) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Try a virtual keyboard' }).click();
  await page
    .getByRole('dialog')
    .getByRole('button', { name: /Keyloom Vial 60/ })
    .click();
  await expect(page.getByTestId('keyboard-badge')).toHaveText(/Keyloom Vial 60/);
  await expect(key(page, /^row 0, column 0: Escape, Esc$/)).toBeVisible();
  await vial(page, 'setEntry', 'combo', 0, [4, 0, 5, 0, 0, 0, 0, 0, 6, 0]);
  await vial(page, 'setQmkSetting', 7, [250, 0]);
  // Plugged in again after a reload (this spec starts every page with no remembered keyboards).
  await page.goto('/?virtual=vial-demo#/');
  await expect(key(page, /^row 0, column 0: Escape, Esc$/)).toBeVisible();
  expect(await vialEntry(page, 'combo', 0)).toEqual([4, 0, 5, 0, 0, 0, 0, 0, 6, 0]);
  expect(await qmkSetting(page, 7)).toEqual([250, 0]);
  // The lock lives in RAM: a reloaded (replugged) board is locked.
  expect(await vialLock(page)).toMatchObject({ unlocked: false });
});

test("an encoder is written with Vial's own command (the board has no VIA encoder commands)", async ({
  page,
}) => {
  await page.goto('/?virtual=vial-demo#/');
  // The encoder (no switch under it) shows what its turns send, counterclockwise over clockwise, whole: not 'E0'.
  const encoder = key(page, /^Encoder 0,/);
  await expect(encoder).toHaveAccessibleName(/counterclockwise Volume down, clockwise Volume up/);
  await expect(encoder.locator('.key-legend')).toHaveText(['Vol -', 'Vol +']);
  await page.getByRole('button', { name: 'Layer 1', exact: true }).click();
  await key(page, /^Encoder 0/).click();
  await page.getByRole('radio', { name: /Rotate Clockwise/ }).click();
  await page.getByRole('button', { name: 'Media' }).click();
  await page.getByRole('button', { name: 'Next track', exact: true }).click();
  await expect.poll(() => firmware(page, 'getEncoderKeycode', 1, 0, true)).toBe(0x00ab);
  await expect(encoder.locator('.key-legend').nth(1)).toHaveText('Next');
  // VIA's own encoder command is unknown to this firmware: it answers 0xFF.
  const reply = await firmware<number[]>(page, 'handleReport', [0x14, 1, 0, 1, ...new Array(28).fill(0)]);
  expect(reply[0]).toBe(0xff);
});

test('a board on Vial protocol 5 is read and written in the numbering before QMK renumbered keycodes', async ({
  page,
}) => {
  await page.goto('/?virtual=vial-demo-v5#/');
  // The firmware holds MO(1) as 0x5101 (0x5221 in the new numbering): it shows as momentary layer 1.
  await expect(key(page, /^row 4, column 9: Momentary layer 1, MO 1$/)).toBeVisible();
  await key(page, /^row 2, column 1: A$/).click();
  await page.getByRole('button', { name: 'Special' }).click();
  await page.getByRole('button', { name: 'Any', exact: true }).click();
  await page.getByLabel('Please enter your desired QMK keycode or hex code:').fill('TG(2)');
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect.poll(() => eepromKey(page, 0, 2, 1)).toBe(0x5302);
});

test('QK_BOOT on a locked board: the unlock dialog shows the keys to hold and the count; holding them unlocks', async ({
  page,
}) => {
  await page.goto('/?virtual=vial-demo#/');
  await expect(page.getByRole('status').filter({ hasText: 'Vial: locked' })).toBeVisible();
  await key(page, /^row 2, column 1: A$/).click();
  await page.getByRole('button', { name: 'Special' }).click();
  await page.getByRole('button', { name: 'Any', exact: true }).click();
  await page.getByLabel('Please enter your desired QMK keycode or hex code:').fill('QK_BOOT');
  await page.getByRole('button', { name: 'Confirm' }).click();

  const dialog = page.getByRole('dialog', { name: 'Unlock Keyloom Vial 60' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('Esc (row 0, column 0) + Enter (row 2, column 11)');
  await expect(dialog.locator('[data-held]')).toHaveCount(2);
  await expect(dialog.getByText('0 of 50')).toBeVisible();
  // The board took the unlock start and waits; the key is not written yet.
  await expect.poll(async () => (await vialLock(page))?.inProgress).toBe(true);
  expect(await eepromKey(page, 0, 2, 1)).toBe(0x0004);

  await holdUnlockKeys(page, true);
  await expect(dialog.getByRole('progressbar', { name: 'Unlock progress' })).not.toHaveAttribute(
    'value',
    '0',
  );
  await expect(dialog).toBeHidden();
  await holdUnlockKeys(page, false);
  expect(await vialLock(page)).toMatchObject({ unlocked: true, inProgress: false });
  await expect.poll(() => eepromKey(page, 0, 2, 1)).toBe(0x7c00);

  // Lock again from the pane menu: the firmware is locked, and a QK_BOOT write would ask again.
  await page.getByRole('button', { name: 'Lock again' }).click();
  await expect.poll(async () => (await vialLock(page))?.unlocked).toBe(false);
  await expect(page.getByRole('status').filter({ hasText: 'Vial: locked' })).toBeVisible();
});

test('Cancel closes the dialog and writes nothing; the key tester asks for the unlock too', async ({
  page,
}) => {
  await page.goto('/?virtual=vial-demo#/');
  await key(page, /^row 2, column 1: A$/).click();
  await page.getByRole('button', { name: 'Special' }).click();
  await page.getByRole('button', { name: 'Any', exact: true }).click();
  await page.getByLabel('Please enter your desired QMK keycode or hex code:').fill('QK_BOOT');
  await page.getByRole('button', { name: 'Confirm' }).click();
  const dialog = page.getByRole('dialog', { name: 'Unlock Keyloom Vial 60' });
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  expect(await eepromKey(page, 0, 2, 1)).toBe(0x0004);
  await expect(page.getByRole('status').filter({ hasText: 'Vial: unlock unfinished' })).toBeVisible();

  await page.getByRole('link', { name: 'Key Tester' }).click();
  await page.getByRole('switch', { name: 'Test Matrix' }).click();
  await expect(page.getByRole('dialog', { name: 'Unlock Keyloom Vial 60' })).toContainText(
    'The matrix test reads every key you press',
  );
});
