import { test, expect } from '@playwright/test';
import {
  firmware,
  firmwareRequest,
  injectFault,
  withoutRememberedKeyboards,
  recheckDevices,
} from './helpers.ts';

test.beforeEach(({ page }) => withoutRememberedKeyboards(page));

test('Debug: device facts and ids, a confirmed maintenance action, the switch-state benchmark, key testing', async ({
  page,
}) => {
  await page.goto('/?debug-prod=1&virtual=aurora75#/debug');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Debug');
  const device = page.getByRole('region', { name: 'Selected device' });
  await expect(device).toContainText('4B4C:0002');
  await expect(device).toContainText('1.0.2');
  const lists = page.getByRole('region', { name: 'Device id lists' });
  await expect(lists.getByRole('listitem')).toHaveText([
    'Keyloom Aurora 75: Keyloom reads it and can configure it.',
  ]);
  // The raw rows (path, ids) are there behind their disclosure.
  await lists.getByText('Raw detail: paths and USB ids').click();
  await expect(lists.getByRole('row')).toHaveCount(2);

  // A macro on the keyboard, then Clear all macros (asked first).
  await firmwareRequest(page, 0x0f, 0x00, 0x00, 0x02, 0x41, 0x00);
  expect((await firmware<number[]>(page, 'macroBuffer')).slice(0, 2)).toEqual([0x41, 0x00]);
  await page.getByRole('button', { name: 'Clear all macros' }).click();
  await expect(page.getByRole('alertdialog')).toContainText('Clear every macro on the keyboard?');
  await page.getByRole('alertdialog').getByRole('button', { name: 'Clear all macros' }).click();
  await expect(page.getByText('All macros cleared.')).toBeVisible();
  expect((await firmware<number[]>(page, 'macroBuffer')).slice(0, 2)).toEqual([0x00, 0x00]);

  await page.getByRole('button', { name: 'Read the switch matrix 100 times' }).click();
  await expect(page.getByText(/^100 reads: \d+ per second/)).toBeVisible();

  const canvas = page.getByTestId('keyboard-canvas');
  await page.keyboard.down('KeyQ');
  await expect(canvas.getByRole('button', { name: 'Q', exact: true })).toHaveAttribute(
    'data-test-state',
    'down',
  );
  await page.keyboard.up('KeyQ');
  await page.getByRole('tab', { name: 'Selected keyboard' }).click();
  await page.keyboard.down('KeyW');
  await expect(canvas.getByRole('button', { name: /^row 2, column 2: W/ })).toHaveAttribute(
    'data-test-state',
    'down',
  );
});

test('Debug: after the bootloader jump the page says where the keyboard is', async ({ page }) => {
  await page.goto('/?debug-prod=1&virtual=qmk-caterina#/debug');
  const device = page.getByRole('region', { name: 'Selected device' });
  await expect(device).toContainText('4B4C:0004');
  await page.getByRole('button', { name: 'Jump to bootloader' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Restart into bootloader' }).click();
  await expect(device).toContainText(
    'Keyloom Split 36 (Caterina) is in its bootloader: it comes back when it is flashed or unplugged and plugged in again.',
  );
});

test('Debug: a device Keyloom cannot use is said in words, with the Connection doctor a button away', async ({
  page,
}) => {
  await page.goto('/?debug-prod=1&virtual=aurora75#/debug');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Debug');
  const lists = page.getByRole('region', { name: 'Device id lists' });
  await expect(lists.getByRole('listitem')).toHaveCount(1);
  // Its firmware answers 0xFF to VIA's protocol request (VIA disabled), and the list is read again.
  await injectFault(page, { kind: 'unhandled' }, { command: 0x01, times: 10 });
  await recheckDevices(page);
  await expect(lists.getByRole('listitem')).toHaveText([
    'Keyloom Aurora 75: not usable (4B4C:0002 · VIA disabled).',
  ]);
  await lists.getByRole('button', { name: 'Open the Connection doctor (what to do)' }).click();
  await expect(page.getByRole('dialog', { name: 'Connection doctor' })).toContainText('VIA is disabled');
  // The path and ids stay out of the way until asked for.
  await expect(lists.getByRole('table')).toBeHidden();
});
