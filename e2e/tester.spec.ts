import { test, expect } from '@playwright/test';
import { firmware, injectFault, keychronOsSwitch, withoutRememberedKeyboards } from './helpers.ts';

test('the Key Tester draws 108 keys; a held key lights up and stays tinted after release; Reset clears', async ({
  page,
}) => {
  await page.goto('/#/test');
  const board = page.getByRole('group', { name: 'Full-size test keyboard' });
  await expect(board.getByRole('button')).toHaveCount(108);
  await page.keyboard.down('KeyQ');
  await expect(board.locator('[data-test-state="down"]')).toHaveCount(1);
  await expect(board.getByRole('button', { name: 'Q: pressed' })).toBeVisible();
  await page.keyboard.up('KeyQ');
  await expect(board.getByRole('button', { name: 'Q: released' })).toHaveAttribute('data-test-state', 'up');
  await page.getByRole('button', { name: 'Reset' }).click();
  await expect(board.locator('[data-test-state]')).toHaveCount(0);
});

test('Test Matrix: the keyboard’s own layout lights from its switch matrix; a failing read turns it off', async ({
  page,
}) => {
  await withoutRememberedKeyboards(page);
  await page.goto('/?virtual=aurora75#/test');
  await page.getByRole('switch', { name: 'Test Matrix' }).check();
  const board = page.getByRole('group', { name: 'Connected keyboard, switch matrix' });
  await expect(board).toBeVisible();
  // On a virtual keyboard, typing Q presses the switch that carries KC_Q on layer 0 (row 2, column 1).
  await page.keyboard.down('KeyQ');
  await expect(board.getByRole('button', { name: /^row 2, column 1: Q: pressed$/ })).toBeVisible();
  await page.keyboard.up('KeyQ');
  await expect(board.getByRole('button', { name: /^row 2, column 1: Q: released$/ })).toBeVisible();
  // A switch pressed on the board itself shows too (the bit is read, not the key event).
  await firmware(page, 'press', 4, 2);
  await expect(board.locator('[data-test-state="down"]')).toHaveCount(1);
  // Reads stop answering: the matrix test ends quietly and the full-size board returns.
  await injectFault(page, { kind: 'drop' }, { command: 0x02, times: 50 });
  await expect(page.getByRole('switch', { name: 'Test Matrix' })).not.toBeChecked();
  await expect(page.getByRole('group', { name: 'Full-size test keyboard' })).toBeVisible();
});

test('Test Matrix needs a keyboard; sound settings are kept across a reload', async ({ page }) => {
  await withoutRememberedKeyboards(page);
  await page.goto('/#/test');
  await expect(page.getByRole('switch', { name: 'Test Matrix' })).toBeDisabled();
  await page.getByLabel('Waveform').selectOption({ label: 'Square' });
  await page.getByLabel('Mode').selectOption({ label: 'Chromatic' });
  await page.getByLabel('Transpose').fill('7');
  await page.reload();
  await expect(page.getByLabel('Waveform')).toHaveValue('square');
  await expect(page.getByLabel('Mode')).toHaveValue('chromatic');
  await expect(page.getByLabel('Transpose')).toHaveValue('7');
  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('via-app-store') ?? '{}'));
  expect(stored.testKeyboardSoundsSettings).toMatchObject({
    waveform: 'square',
    mode: 'chromatic',
    transpose: 7,
  });
});

test('Test Matrix on a Keychron Q1 V2: its Mac/Windows switch (matrix 5, 4) shows where it stands', async ({
  page,
}) => {
  await withoutRememberedKeyboards(page);
  await page.goto('/?virtual=keychron-q1v2#/test');
  await page.getByRole('switch', { name: 'Test Matrix' }).check();
  const osSwitch = page.getByTestId('tester-os-switch');
  await expect(osSwitch).toHaveText('Mac/Windows switch (row 5, column 4): Mac');
  await keychronOsSwitch(page, 'win');
  await expect(osSwitch).toHaveText('Mac/Windows switch (row 5, column 4): Windows');
  // Closed in the Windows position, it is still no key tested or held.
  await expect(page.getByText('0 keys tested, 0 held')).toBeVisible();
  await page.screenshot({ path: 'test-results/tester-keychron-os-switch.png' });
  // It is the switch, not a key of the layout: it is not listed among other closed switches.
  await expect(page.getByText('Closed but not a key of this layout')).toHaveCount(0);
  await keychronOsSwitch(page, 'mac');
  await expect(osSwitch).toHaveText('Mac/Windows switch (row 5, column 4): Mac');
});
