import { test, expect, type Page } from '@playwright/test';
import { firmware, withoutRememberedKeyboards } from './helpers.ts';

const macroBytes = async (page: Page, count: number) =>
  (await firmware<number[]>(page, 'macroBuffer')).slice(0, count);

test.beforeEach(({ page }) => withoutRememberedKeyboards(page));

test('write a macro in the script editor; invalid scripts show the validator message', async ({ page }) => {
  await page.goto('/?virtual=aurora75#/');
  await page.getByRole('button', { name: 'Macros' }).click();
  await page.getByRole('button', { name: 'M1', exact: true }).click();
  await page.getByRole('tab', { name: 'Script' }).click();
  const script = page.getByLabel('Macro M1');
  await expect(script).toHaveAttribute('placeholder', 'No macro recorded yet...');
  await script.fill('{KC_A');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByRole('alert')).toHaveText(
    "Looks like a keycode block - {} - is unclosed! Are you missing an '}'?",
  );
  // The buffer usage bar's tooltip, in the spec's words; saving 'Hi' + Enter adds 5 bytes (H i 01 01 28).
  const usage = page.getByTitle(/^\d+ \/ \d+ unit space used$/);
  const usedBytes = async () => Number(/^(\d+) /.exec((await usage.getAttribute('title')) ?? '')?.[1]);
  const before = await usedBytes();
  await script.fill('Hi{KC_ENT}');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  // M0 is empty (one NUL), then M1: 'H' 'i' then tap Enter (01 01 28) and its NUL.
  await expect.poll(() => macroBytes(page, 7)).toEqual([0x00, 0x48, 0x69, 0x01, 0x01, 0x28, 0x00]);
  await expect.poll(usedBytes).toBe(before + 5);
  await expect(page.getByRole('button', { name: 'Save', exact: true })).toBeDisabled();
});

test('record view: recorded in fullscreen, smart-optimised to text, saved; a step removed; the macro deleted', async ({
  page,
}) => {
  await page.goto('/?virtual=aurora75#/');
  await page.getByRole('button', { name: 'Macros' }).click();
  await expect(page.getByText('No macro recorded yet...')).toBeVisible();
  await page.getByRole('button', { name: 'Start recording', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Recording' })).toBeVisible();
  expect(await page.evaluate(() => document.fullscreenElement !== null)).toBe(true);
  await page.keyboard.down('ShiftLeft');
  await page.keyboard.press('KeyH');
  await page.keyboard.up('ShiftLeft');
  await page.keyboard.press('KeyI');
  await page.keyboard.press('Enter');
  await page.getByRole('button', { name: 'Stop' }).click();
  const steps = page.getByRole('group', { name: 'Macro M0' }).getByRole('listitem');
  await expect(steps).toHaveText(['“Hi”×', 'KC_ENT×']);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect.poll(() => macroBytes(page, 6)).toEqual([0x48, 0x69, 0x01, 0x01, 0x28, 0x00]);

  await page.getByRole('button', { name: 'Remove step 2' }).click();
  await expect(steps).toHaveText(['“Hi”×']);
  await page.locator('.macro-editor').getByRole('button', { name: 'Undo' }).click();
  await page.getByRole('button', { name: 'Delete macro' }).click();
  await expect.poll(() => macroBytes(page, 1)).toEqual([0x00]);
  await expect(page.getByText('No macro recorded yet...')).toBeVisible();
});
