// Issue 38 (i18n): what a Japanese user still read in English — keycode titles beyond the first 86 words, the
// drawn keys' accessible names, VialRGB's failures — and the keycode list's shortcut for Any.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { test, expect, type Page } from '@playwright/test';
import { eepromKey, vial, vialRgbState } from './helpers.ts';

type Strings = Record<string, unknown>;
const ja = (ns: string) =>
  JSON.parse(readFileSync(path.join('src/i18n/locales/ja', `${ns}.json`), 'utf8')) as Strings;
const text = (strings: Strings, key: string): string => {
  const found = key
    .split('.')
    .reduce<unknown>((node, part) => (node as Strings | undefined)?.[part], strings);
  if (typeof found !== 'string') throw new Error(`no string ${key}`);
  return found;
};
const configure = ja('configure');

async function inJapanese(page: Page, demo: string) {
  await page.addInitScript(() => localStorage.setItem('keyloom-virtual-keyboards', '[]'));
  await page.addInitScript(() => localStorage.setItem('via-app-store', '{"language":"ja"}'));
  await page.setViewportSize({ width: 1400, height: 900 });
  await page.goto(`/?virtual=${demo}#/`);
  await expect(page.getByTestId('keyboard-canvas')).toBeVisible();
}

const category = (page: Page, id: string) =>
  page
    .getByRole('navigation', { name: text(configure, 'categories') })
    .getByRole('button', { name: text(ja('keycodes'), `category.${id}`), exact: true });
const drawnKey = (page: Page, name: RegExp) =>
  page.getByTestId('keyboard-canvas').getByRole('button', { name });

test('Japanese: the drawn keys are named in Japanese, their titles in words; keycap legends stay as printed', async ({
  page,
}) => {
  await inJapanese(page, 'aurora75');
  // 'row 3, column 1: A' in Japanese; the key name A stays.
  const a = drawnKey(page, /^3 行 1 列: A$/);
  await expect(a).toHaveCount(1);
  await expect(page.getByTestId('keyboard-canvas').getByRole('button', { name: /^row \d/ })).toHaveCount(0);
  await a.click();
  // A layer key's title in Japanese words, its legend as on the cap.
  await category(page, 'layers').click();
  const mo1 = page.locator('.keycode-grid [data-code="MO(1)"]');
  await expect(mo1).toHaveAccessibleName(/レイヤー 1 \(押している間\)/);
  await expect(mo1).toHaveText('MO 1');
  await mo1.click();
  await expect(drawnKey(page, /^3 行 1 列: レイヤー 1 \(押している間\), MO 1$/)).toHaveCount(1);
  await expect.poll(() => eepromKey(page, 0, 3, 1)).not.toBe(0x04);
});

test('Japanese: lighting and QMK feature keys in the keycode list say what they do in Japanese', async ({
  page,
}) => {
  await inJapanese(page, 'aurora75');
  await drawnKey(page, /^3 行 1 列: /).click();
  await category(page, 'special').click();
  const gesc = page.locator('.keycode-grid [data-code="QK_GESC"]');
  await expect(gesc).toHaveAccessibleName(/Grave Escape \(Esc、Shift か Win と押すと `\)/);
  await gesc.hover();
  await expect(page.locator('.hover-bar')).toContainText('Grave Escape (Esc、Shift か Win と押すと `)');
  await category(page, 'lighting').click();
  const grid = page.locator('.keycode-grid');
  await expect(grid.getByRole('button', { name: /明るさを上げる/ }).first()).toBeVisible();
  // No English lighting title is left in the list.
  const names = await grid
    .locator('button')
    .evaluateAll((bs) => bs.map((b) => b.getAttribute('aria-label') ?? ''));
  expect(
    names.filter((n) => /\b(toggle|brightness|saturation|hue|speed|mode) (up|down)?\b/i.test(n)),
  ).toEqual([]);
});

test('Japanese: a VialRGB write the keyboard does not take is named in Japanese', async ({ page }) => {
  await inJapanese(page, 'vial-demo');
  await page
    .getByRole('navigation', { name: text(configure, 'panes') })
    .getByRole('button', { name: text(configure, 'pane.lighting'), exact: true })
    .click();
  const brightness = page.getByLabel(new RegExp(`^${text(ja('vial'), 'rgb.brightness')}`));
  await expect(brightness).toBeVisible();
  await vial(page, 'ignoreRgbWrites', true);
  await brightness.fill('50');
  const alert = page.getByRole('alert');
  await expect(alert).toContainText('キーボードでは変更されませんでした');
  await expect(alert).toContainText(
    'キーボードが保持しているのはエフェクト 14、速度 127、色 0/255、明るさ 200 で、求めたエフェクト 14',
  );
  await expect(alert).not.toContainText('holds effect');
  await expect(brightness).toHaveValue('200');
  expect((await vialRgbState(page))!.ram.brightness).toBe(200);
});

test('Japanese: A in the keycode list opens Any for the selected key, and Shortcuts says so', async ({
  page,
}) => {
  await inJapanese(page, 'aurora75');
  await drawnKey(page, /^3 行 1 列: /).click();
  const shortcuts = page.locator('.keymap-tools-keys');
  await shortcuts.locator('summary').click();
  await expect(shortcuts.locator('dl')).toContainText(text(ja('layerTools'), 'keys.any'));
  await shortcuts.locator('summary').click();
  // Focus in the keycode list (Space there would press the focused keycode).
  await page.locator('.keycode-grid [data-code="KC_B"]').focus();
  await page.keyboard.press('a');
  const any = page.getByRole('dialog', { name: text(configure, 'anyTitle') });
  await expect(any).toBeVisible();
  await page.keyboard.type('LCTL(KC_B)');
  await page.keyboard.press('Enter');
  await expect(any).toBeHidden();
  await expect.poll(() => eepromKey(page, 0, 3, 1)).toBe(0x0105);
});
