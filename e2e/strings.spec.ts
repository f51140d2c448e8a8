import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { test, expect, type Page } from '@playwright/test';

// Most strings load with the pane, dialog or screen that shows them (src/i18n/i18n.ts): whatever renders must
// show them in the chosen language, never a key, including after a language change.
const LOCALES = 'src/i18n/locales';
type Strings = Record<string, unknown>;
const load = (lng: string, ns: string) =>
  JSON.parse(readFileSync(path.join(LOCALES, lng, `${ns}.json`), 'utf8')) as Strings;
function text(strings: Strings, key: string): string {
  const found = key
    .split('.')
    .reduce<unknown>((node, part) => (node as Strings | undefined)?.[part], strings);
  // A missing key would make a locator match every element of its role.
  if (typeof found !== 'string') throw new Error(`no string ${key}`);
  return found;
}

function keyPaths(value: unknown, prefix = ''): string[] {
  if (typeof value === 'string') return [prefix, prefix.replace(/_(zero|one|two|few|many|other)$/, '')];
  return Object.entries(value as Strings).flatMap(([k, v]) => keyPaths(v, prefix ? `${prefix}.${k}` : k));
}
// What the page shows for a string it does not have: its key, with or without the namespace (src/i18n/strings.ts).
const KEYS = readdirSync(path.join(LOCALES, 'en')).flatMap((file) => {
  const ns = file.replace(/\.json$/, '');
  return keyPaths(load('en', ns)).flatMap((k) => [k, `${ns}:${k}`]);
});

/** Text and accessible names in the page that are a translation key instead of a string. */
function rawKeys(page: Page): Promise<string[]> {
  return page.evaluate((keys) => {
    const known = new Set(keys);
    const shown: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode())
      shown.push(node.textContent?.trim() ?? '');
    for (const element of document.body.querySelectorAll('*'))
      for (const name of ['aria-label', 'title', 'placeholder', 'alt'])
        shown.push(element.getAttribute(name)?.trim() ?? '');
    return [...new Set(shown.filter((s) => known.has(s)))];
  }, KEYS);
}

const zh = {
  shell: load('zh', 'shell'),
  configure: load('zh', 'configure'),
  layers: load('zh', 'layers'),
  connection: load('zh', 'connection'),
  devices: load('zh', 'devices'),
  settings: load('zh', 'settings'),
  panes: load('zh', 'panes'),
};
const panes = (page: Page, name: string) => page.getByRole('navigation', { name }).locator(':scope > button');

test('in Chinese from the start, every pane, the layer tools, both dialogs and Settings show their strings, never a key', async ({
  page,
}) => {
  await page.addInitScript(() => localStorage.setItem('via-app-store', '{"language":"zh"}'));
  await page.goto('/?virtual=aurora75#/');
  const menu = panes(page, text(zh.configure, 'panes'));
  await expect(menu.first()).toBeVisible();
  const count = await menu.count();
  expect(count).toBeGreaterThan(5);
  for (let index = 0; index < count; index++) {
    await menu.nth(index).click();
    await expect(menu.nth(index)).toHaveAttribute('aria-current', 'true');
    // An on-demand pane renders nothing until its code and its strings are both here.
    await expect(page.locator('.pane-content')).not.toBeEmpty();
    expect(await rawKeys(page), await menu.nth(index).innerText()).toEqual([]);
  }

  await page.getByRole('button', { name: text(zh.layers, 'layerTools') }).click();
  await expect(page.getByRole('dialog', { name: text(zh.layers, 'layerTools') })).toBeVisible();
  expect(await rawKeys(page)).toEqual([]);
  await page.keyboard.press('Escape');

  await page.getByTestId('keyboard-badge').click();
  await page.getByRole('menuitem', { name: text(zh.devices, 'doctorOpen') }).click();
  const doctor = page.getByRole('dialog', { name: text(zh.connection, 'doctor.title') });
  await expect(doctor.getByRole('button', { name: text(zh.connection, 'doctor.checkAgain') })).toBeVisible();
  expect(await rawKeys(page)).toEqual([]);
  await doctor.getByRole('button', { name: text(zh.connection, 'doctor.close') }).click();

  await page.getByTestId('keyboard-badge').click();
  await page.getByRole('menuitem', { name: text(zh.shell, 'tryVirtual') }).click();
  await expect(page.getByRole('dialog', { name: text(zh.devices, 'virtualTitle') })).toBeVisible();
  expect(await rawKeys(page)).toEqual([]);
  await page.keyboard.press('Escape');

  await page.goto('/?virtual=aurora75#/settings');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(text(zh.settings, 'title'));
  await expect(page.getByLabel(text(zh.settings, 'language'))).toHaveValue('zh');
  expect(await rawKeys(page)).toEqual([]);
});

test("a v3 definition's menus: the common pane names in the user's language, the definition's own words as given", async ({
  page,
}) => {
  await page.addInitScript(() => localStorage.setItem('via-app-store', '{"language":"zh"}'));
  await page.goto('/?virtual=aurora75#/');
  const menu = page.getByRole('navigation', { name: text(zh.configure, 'panes') });
  // The Aurora 75's definition names its menus 'Lighting' and 'Keyboard': shown as the app's panes are.
  await expect(
    menu.getByRole('button', { name: text(zh.configure, 'pane.lighting'), exact: true }),
  ).toBeVisible();
  await expect(menu.getByRole('button', { name: 'Lighting', exact: true })).toHaveCount(0);
  await menu.getByRole('button', { name: text(zh.configure, 'menuName.keyboard'), exact: true }).click();
  // Inside, the definition's own submenu label, as it gives it.
  await expect(
    page.locator('.pane-content').getByRole('button', { name: 'Behaviour', exact: true }),
  ).toBeVisible();
});

test('switching to Chinese in Settings shows strings already loaded on demand in Chinese too', async ({
  page,
}) => {
  await page.goto('/?virtual=aurora75#/');
  await page
    .getByRole('navigation', { name: 'Configure panes' })
    .getByRole('button', { name: 'Macros', exact: true })
    .click();
  await expect(page.getByRole('button', { name: 'Start recording' })).toBeVisible();

  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Settings' }).click();
  await page.getByLabel('Language').selectOption('zh');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(text(zh.settings, 'title'));
  await page
    .getByRole('navigation', { name: text(zh.shell, 'mainMenu') })
    .getByRole('link', { name: text(zh.shell, 'menu.configure') })
    .click();
  await expect(page.getByRole('button', { name: text(zh.panes, 'record.start') })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Start recording' })).toHaveCount(0);
  expect(await rawKeys(page)).toEqual([]);
});

test('keycode legends that are words are in the user’s language in the keycode list; key names written on every keycap stay', async ({
  page,
}) => {
  await page.addInitScript(() => localStorage.setItem('keyloom-virtual-keyboards', '[]'));
  await page.addInitScript(() => localStorage.setItem('via-app-store', '{"language":"ja"}'));
  await page.goto('/?virtual=aurora75#/');
  const grid = page.locator('.keycode-grid');
  // KC_NO read 'Nothing' in every language.
  await expect(grid.locator('[data-code="KC_NO"]')).toHaveText('なし');
  await expect(grid.locator('[data-code="KC_P1"]')).toHaveText('テンキー 1');
  await expect(grid.locator('[data-code="KC_ESC"]')).toHaveText('Esc');
  // Pointing at a keycode says its name in Japanese too.
  await grid.locator('[data-code="KC_NO"]').hover();
  await expect(page.locator('.hover-bar')).toContainText('なし');
});

test('a ZMK keyboard’s keys are named in Japanese: “キー 0: …”, never “Key 0”', async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('via-app-store', '{"language":"ja"}'));
  await page.goto('/?virtual=zmk-demo#/');
  const lock = page.getByTestId('zmk-lock');
  await lock.getByRole('button', { name: text(load('ja', 'zmk'), 'lock.pressVirtual') }).click();
  await expect(lock).toBeHidden();
  const first = page.getByTestId('keyboard-canvas').locator('[data-key-index="0"]');
  await expect(first).toHaveAttribute('aria-label', /^キー 0: /);
  expect(await rawKeys(page)).toEqual([]);
});
