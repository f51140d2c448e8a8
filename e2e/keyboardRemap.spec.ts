// Issue 38: remapping with the keyboard alone — reach a key, open Any with Space, type a code — and where it is said.
import { test, expect } from '@playwright/test';
import { canvasKey as key, eepromKey, withoutRememberedKeyboards } from './helpers.ts';

test.beforeEach(({ page }) => withoutRememberedKeyboards(page));

test('keyboard only: arrows select a key, Space opens Any for it, Enter writes the code typed', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1400, height: 900 });
  await page.goto('/?virtual=aurora75#/');
  // Into the keyboard the way Tab goes: its one key in the tab order.
  await page.locator('[data-testid="keyboard-canvas"] [data-key-index][tabindex="0"]').focus();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  const a = key(page, /^row 3, column 1: A$/);
  await page.keyboard.press('ArrowRight');
  await expect(a).toHaveAttribute('aria-pressed', 'true');
  await page.keyboard.press('Space');
  const any = page.getByRole('dialog', { name: 'Any keycode' });
  await expect(any).toBeVisible();
  await page.keyboard.type('LCTL(KC_B)');
  await page.keyboard.press('Enter');
  await expect.poll(() => eepromKey(page, 0, 3, 1)).toBe(0x0105);
  await expect(any).toBeHidden();
});

test('the Shortcuts list beside the layer tools says how to remap with the keyboard, and opening it moves nothing', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1400, height: 900 });
  await page.goto('/?virtual=aurora75#/');
  await key(page, /^row 3, column 1: A$/).click();
  const shortcuts = page.locator('.keymap-tools-keys');
  const canvas = page.getByTestId('keyboard-canvas');
  const before = await canvas.boundingBox();
  await shortcuts.getByText('Shortcuts', { exact: true }).click();
  const list = shortcuts.locator('dl');
  await expect(list).toBeVisible();
  await expect(list).toContainText('Enter, Space');
  await expect(list).toContainText('Select the focused key and type any keycode for it (the Any dialog).');
  expect(await canvas.boundingBox()).toEqual(before);
  await shortcuts.getByText('Shortcuts', { exact: true }).click();
  await expect(list).toBeHidden();
});
