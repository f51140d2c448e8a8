import { test, expect } from '@playwright/test';
import { canvasKey as key, eepromKey, firmware, withoutRememberedKeyboards } from './helpers.ts';

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

test("an encoder is written with Vial's own command (the board has no VIA encoder commands)", async ({
  page,
}) => {
  await page.goto('/?virtual=vial-demo#/');
  await page.getByRole('button', { name: 'Layer 1', exact: true }).click();
  await key(page, /^Encoder 0/).click();
  await page.getByRole('radio', { name: /Rotate Clockwise/ }).click();
  await page.getByRole('button', { name: 'Media' }).click();
  await page.getByRole('button', { name: 'Next track', exact: true }).click();
  await expect.poll(() => firmware(page, 'getEncoderKeycode', 1, 0, true)).toBe(0x00ab);
  // VIA's own encoder command is unknown to this firmware: it answers 0xFF.
  const reply = await firmware<number[]>(page, 'handleReport', [0x14, 1, 0, 1, ...new Array(28).fill(0)]);
  expect(reply[0]).toBe(0xff);
});

test('a board on Vial protocol 5 is read and written in the numbering before QMK renumbered keycodes', async ({
  page,
}) => {
  await page.goto('/?virtual=vial-demo-v5#/');
  // The firmware holds MO(1) as 0x5101 (0x5221 in the new numbering): it shows as momentary layer 1.
  await expect(key(page, /^row 4, column 9: Momentary layer 1$/)).toBeVisible();
  await key(page, /^row 2, column 1: A$/).click();
  await page.getByRole('button', { name: 'Special' }).click();
  await page.getByRole('button', { name: 'Any', exact: true }).click();
  await page.getByLabel('Please enter your desired QMK keycode or hex code:').fill('TG(2)');
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect.poll(() => eepromKey(page, 0, 2, 1)).toBe(0x5302);
});
