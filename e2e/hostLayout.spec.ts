import { test, expect, type Page } from '@playwright/test';
import { canvasKey as key, withoutRememberedKeyboards } from './helpers.ts';

test.beforeEach(({ page }) => withoutRememberedKeyboards(page));

// What Chromium's Keyboard Map API reports on a computer set to German (QWERTZ): Y and Z swapped, umlauts.
const GERMAN: Record<string, string> = {
  ...Object.fromEntries(
    Array.from({ length: 26 }, (_, i) => [`Key${String.fromCharCode(65 + i)}`, String.fromCharCode(97 + i)]),
  ),
  ...Object.fromEntries(Array.from({ length: 10 }, (_, i) => [`Digit${i}`, String(i)])),
  KeyY: 'z',
  KeyZ: 'y',
  Minus: 'ß',
  Equal: '´',
  BracketLeft: 'ü',
  BracketRight: '+',
  Backslash: '#',
  Semicolon: 'ö',
  Quote: 'ä',
  Backquote: '^',
  Comma: ',',
  Period: '.',
  Slash: '-',
};

const onGermanComputer = (page: Page) =>
  page.addInitScript((entries) => {
    Object.defineProperty(Navigator.prototype, 'keyboard', {
      configurable: true,
      get: () => ({ getLayoutMap: async () => new Map(Object.entries(entries)) }),
    });
  }, GERMAN);

test('legends follow the layout the browser reports for this computer (setting: detect)', async ({
  page,
}) => {
  await onGermanComputer(page);
  await page.goto('/?virtual=aurora75#/');
  // KC_Y is typed as Z on a German computer, KC_SCLN as Ö.
  await expect(key(page, /^row 2, column 6: Z$/)).toBeVisible();
  await expect(key(page, /^row 3, column 10: Ö$/)).toBeVisible();
  await page.goto('/?virtual=aurora75#/settings');
  const setting = page.getByRole('combobox', { name: 'Keyboard layout on this computer' });
  await expect(setting.locator('option:checked')).toHaveText('Detect: German');
});

test('a layout chosen in Settings wins over the detected one', async ({ page }) => {
  await onGermanComputer(page);
  await page.addInitScript(() => localStorage.setItem('via-app-store', JSON.stringify({ hostLayout: 'fr' })));
  await page.goto('/?virtual=aurora75#/');
  // AZERTY: KC_Q is typed as A.
  await expect(key(page, /^row 2, column 1: A$/)).toBeVisible();
});
