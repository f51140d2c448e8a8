import { test, expect } from '@playwright/test';
import { canvasKey, firmwareRequest, withoutRememberedKeyboards } from './helpers.ts';

const hex = (bytes: number[]) => Buffer.from(bytes).toString('hex');

test('?virtual=keychron-q1v2 connects the Q1 V2 with its keymap drawn from our definition', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1400, height: 900 });
  // Only the Keychron board is plugged (firmwareRequest talks to the first one).
  await withoutRememberedKeyboards(page);
  await page.goto('/?virtual=keychron-q1v2#/');
  await expect(page.getByTestId('keyboard-badge')).toHaveText(/Keychron Q1 V2 ANSI Knob/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Keychron Q1 V2 ANSI Knob');
  await expect(canvasKey(page, /Esc/).first()).toBeVisible();
  // The firmware behind it is Keychron's: protocol 2, features F1 03.
  expect(hex(await firmwareRequest(page, 0xa0)).slice(0, 8)).toBe('a0020002');
  expect(hex(await firmwareRequest(page, 0xa2)).slice(0, 8)).toBe('a200f103');
  await page.screenshot({ path: 'test-results/keychron-q1v2.png' });
});

test('a Keychron board keeps its EEPROM across a reload, not what was only in RAM', async ({ page }) => {
  await withoutRememberedKeyboards(page);
  await page.goto('/?virtual=keychron-c1-pro-8k#/');
  await expect(page.getByTestId('keyboard-badge')).toHaveText(/Keychron C1 Pro 8K ANSI/);
  // Report rate is stored at once; a Snap Click pair stays in RAM until its save.
  expect(hex(await firmwareRequest(page, 0xa7, 0x0e, 0x01)).slice(0, 6)).toBe('a70e00');
  expect(hex(await firmwareRequest(page, 0xa7, 0x09, 0x00, 0x01, 0x01, 0x04, 0x07)).slice(0, 6)).toBe(
    'a70900',
  );
  await page.reload();
  await expect(page.getByTestId('keyboard-badge')).toHaveText(/Keychron C1 Pro 8K ANSI/);
  expect(hex(await firmwareRequest(page, 0xa7, 0x0d)).slice(0, 10)).toBe('a70d00017f');
  expect(hex(await firmwareRequest(page, 0xa7, 0x08, 0x00, 0x01)).slice(0, 12)).toBe('a70800000000');
});

test('Try a virtual keyboard lists both Keychron boards', async ({ page }) => {
  await page.setViewportSize({ width: 1400, height: 900 });
  await withoutRememberedKeyboards(page);
  await page.goto('/');
  await page.getByRole('button', { name: 'Try a virtual keyboard' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Try a virtual keyboard' });
  await expect(dialog.getByRole('button', { name: /Keychron Q1 V2 ANSI Knob/ })).toBeVisible();
  await page.screenshot({ path: 'test-results/keychron-dialog.png' });
  await dialog.getByRole('button', { name: /Keychron C1 Pro 8K ANSI/ }).click();
  await expect(page.getByTestId('keyboard-badge')).toHaveText(/Keychron C1 Pro 8K ANSI/);
});
