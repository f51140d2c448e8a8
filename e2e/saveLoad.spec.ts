import { test, expect, type Page } from '@playwright/test';
import { canvasKey as key, eepromKey } from './helpers.ts';
import { readFileSync } from 'node:fs';
import { readFile, writeFile, mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => {
    localStorage.setItem('keyloom-virtual-keyboards', '[]');
    // Headless Chromium would open a native dialog: use the download fallback.
    delete (window as unknown as Record<string, unknown>).showSaveFilePicker;
  });
});

async function openSaveLoad(page: Page) {
  await page.goto('/?virtual=aurora75#/');
  await expect(page.getByTestId('keyboard-canvas')).toBeVisible();
  await page.getByRole('button', { name: 'Save + Load' }).click();
}

test('save a layout, change keys, load it back: the keyboard matches the file again', async ({ page }) => {
  await openSaveLoad(page);
  const downloadPromise = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  const download = await downloadPromise;
  expect(download.suggestedFilename()).toBe('keyloom_aurora_75.layout.json');
  const saved = await readFile((await download.path())!, 'utf8');
  expect(JSON.parse(saved).layers[0][3 * 16 + 1]).toBe('KC_A');

  await page.getByRole('button', { name: 'Keymap', exact: true }).click();
  await key(page, /^row 3, column 1: A$/).click();
  await page.getByRole('button', { name: 'Z', exact: true }).click();
  await expect.poll(() => eepromKey(page, 0, 3, 1)).toBe(0x1d);

  const dir = await mkdtemp(path.join(tmpdir(), 'kl-layout-'));
  const file = path.join(dir, 'keyloom_aurora_75.layout.json');
  await writeFile(file, saved);
  await page.getByRole('button', { name: 'Save + Load' }).click();
  await page.getByLabel('Load Saved Layout').setInputFiles(file);
  // The preview lists the one key the file changes back; nothing is written before Apply.
  await expect(page.getByTestId('preview-keys-0')).toHaveText('Row 3, column 1: KC_Z → KC_A');
  expect(await eepromKey(page, 0, 3, 1)).toBe(0x1d);
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByText('Layout loaded onto the keyboard.')).toBeVisible();
  await expect.poll(() => eepromKey(page, 0, 3, 1)).toBe(0x04);
  // The layout before the load is kept and can be restored.
  await page.getByRole('button', { name: 'Restore' }).click();
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect.poll(() => eepromKey(page, 0, 3, 1)).toBe(0x1d);
});

const BAD_FILES: [string, (layout: Record<string, unknown>) => unknown, string][] = [
  ['invalid data', () => ({ hello: 'world' }), 'Could not load file: invalid data.'],
  [
    'another keyboard',
    (l) => ({ ...l, vendorProductId: 1 }),
    'Could not import layout. This file was created for a different keyboard: bad.layout.json (made for Keyloom Aurora 75)',
  ],
  [
    'wrong key count',
    (l) => ({ ...l, layers: (l.layers as string[][]).map((layer) => layer.slice(1)) }),
    'Could not import layout: incorrect number of keys in one or more layers.',
  ],
  [
    'wrong macro count',
    (l) => ({ ...l, macros: ['a'] }),
    'Could not import layout: incorrect number of macros.',
  ],
];

for (const [what, mutate, message] of BAD_FILES) {
  test(`a file with ${what} is refused with its message and the keyboard is unchanged`, async ({ page }) => {
    await openSaveLoad(page);
    const downloadPromise = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    const layout = JSON.parse(await readFile((await (await downloadPromise).path())!, 'utf8')) as Record<
      string,
      unknown
    >;
    const dir = await mkdtemp(path.join(tmpdir(), 'kl-bad-'));
    const file = path.join(dir, 'bad.layout.json');
    await writeFile(file, JSON.stringify(mutate(layout)));
    await page.getByLabel('Load Saved Layout').setInputFiles(file);
    await expect(page.getByTestId('load-error')).toHaveText(message);
    expect(await eepromKey(page, 0, 3, 1)).toBe(0x04);
  });
}

// The refusal comes from the core as a code with values: a Japanese, Korean or Chinese user reads it in their
// language, never in English and never as a key.
for (const language of ['ja', 'ko', 'zh'] as const) {
  test(`a refused file is explained in ${language}`, async ({ page }) => {
    const strings = (ns: string) =>
      JSON.parse(readFileSync(path.join('src/i18n/locales', language, `${ns}.json`), 'utf8')) as {
        pane?: Record<string, string>;
        loadSaved?: string;
        layout?: Record<string, string>;
      };
    await page.addInitScript(
      (lng) => localStorage.setItem('via-app-store', `{"language":"${lng}"}`),
      language,
    );
    await page.goto('/?virtual=aurora75#/');
    await expect(page.getByTestId('keyboard-canvas')).toBeVisible();
    await page.getByRole('button', { name: strings('configure').pane!.saveLoad! }).click();
    const dir = await mkdtemp(path.join(tmpdir(), 'kl-refusal-'));
    const file = path.join(dir, 'other.layout.json');
    await writeFile(file, JSON.stringify({ name: 'Other Board', vendorProductId: 1, layers: [['KC_A']] }));
    await page.getByLabel(strings('panes').loadSaved!).setInputFiles(file);
    const words = strings('refusals')
      .layout!.otherKeyboard!.replace('{{file}}', 'other.layout.json')
      .replace('{{keyboard}}', 'Other Board');
    await expect(page.getByTestId('load-error')).toHaveText(words);
    expect(await eepromKey(page, 0, 3, 1)).toBe(0x04);
  });
}
