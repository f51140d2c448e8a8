import { test, expect, type Page } from '@playwright/test';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { cCompiler, compileKeymap } from '../tests/support/compileKeymap.ts';
import { checkAccessibility, serveAxe } from './axe.ts';
import { eepromKey, vialEntry } from './helpers.ts';

test.describe.configure({ timeout: 120_000 });

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => {
    localStorage.setItem('keyloom-virtual-keyboards', '[]');
    delete (window as unknown as Record<string, unknown>).showSaveFilePicker;
  });
});

const AURORA = 0x4b4c0002;

async function openSaveLoad(page: Page, demo: string) {
  await page.goto(`/?virtual=${demo}#/`);
  // A Vial board is read from the keyboard itself (its definition too): longer on a busy machine.
  await expect(page.getByTestId('keyboard-canvas')).toBeVisible({ timeout: 30_000 });
  await page.getByRole('button', { name: 'Save + Load' }).click();
}

/** A QMK keyboard.json for the Aurora 75 demo, as its maker would write it: one LAYOUT over its matrix keys. */
async function auroraKeyboardJson(): Promise<string> {
  const definition = JSON.parse(await readFile(`public/definitions/v3/${AURORA}.json`, 'utf8')) as {
    matrix: { rows: number; cols: number };
    layouts: { keys: { row: number; col: number; x: number; y: number; d?: boolean }[] };
  };
  const layout = definition.layouts.keys
    .filter((k) => !k.d && k.row >= 0 && k.col >= 0)
    .map((k) => ({ matrix: [k.row, k.col], x: k.x, y: k.y }));
  return JSON.stringify({
    keyboard_name: 'Keyloom Aurora 75',
    usb: { vid: '0x4B4C', pid: '0x0002' },
    matrix_size: definition.matrix,
    layouts: { LAYOUT: { layout } },
  });
}

async function tempFile(name: string, text: string): Promise<string> {
  const file = path.join(await mkdtemp(path.join(tmpdir(), 'kl-formats-')), name);
  await writeFile(file, text);
  return file;
}

async function exportAs(page: Page, format: string, info?: string) {
  await page.getByRole('button', { name: 'Export…' }).click();
  const dialog = page.getByTestId('export-dialog');
  await dialog.getByTestId('export-format').selectOption(format);
  if (info) {
    await dialog.getByTestId('export-info').setInputFiles(info);
    await expect(dialog.getByText(/LAYOUT macros/)).toBeVisible();
  }
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download', exact: true }).click();
  const file = await download;
  return { name: file.suggestedFilename(), text: await readFile((await file.path())!, 'utf8') };
}

test('VIA keyboard: keymap.c compiles to the keyboard’s numbers; keymap.json through its keyboard.json', async ({
  page,
}) => {
  await openSaveLoad(page, 'aurora75');
  const c = await exportAs(page, 'qmk-c');
  expect(c.name).toBe('keymap.c');
  expect(c.text).toContain('keymaps[][MATRIX_ROWS][MATRIX_COLS]');
  const compiled = compileKeymap(cCompiler()!, c.text, { rows: 6, cols: 16, encoders: 0 });
  for (const [row, col] of [
    [0, 0],
    [3, 1],
    [5, 6],
  ] as const)
    expect(compiled.layers[0]![row]![col]).toBe(await eepromKey(page, 0, row, col));
  await page.getByRole('button', { name: 'Close' }).click();

  const info = await tempFile('keyboard.json', await auroraKeyboardJson());
  const json = await exportAs(page, 'qmk-json', info);
  expect(json.name).toBe('keymap.json');
  const keymap = JSON.parse(json.text) as { layout: string; layers: string[][] };
  expect(keymap.layout).toBe('LAYOUT');
  expect(keymap.layers[0]).toContain('KC_A');
  // keymap.json's "keyboard" is a guess until set: the dialog says so.
  await expect(page.getByTestId('export-notes')).toContainText('a guess');
});

test('import a keymap.json with its info.json: the preview shows the change, Apply writes it', async ({
  page,
}) => {
  // Files take a moment to read (a slow disk, a busy machine): Read, clicked at once, waits for them.
  await page.addInitScript(() => {
    const readAsText = FileReader.prototype.readAsText;
    FileReader.prototype.readAsText = function (this: FileReader, ...args: Parameters<typeof readAsText>) {
      setTimeout(() => readAsText.apply(this, args), 1500);
    };
  });
  await openSaveLoad(page, 'aurora75');
  const infoText = await auroraKeyboardJson();
  const info = await tempFile('info.json', infoText);
  const exported = JSON.parse((await exportAs(page, 'qmk-json', info)).text) as { layers: string[][] };
  await page.getByRole('button', { name: 'Close' }).click();
  // Row 3, column 1 (KC_A) becomes a layer-tap, as a QMK user would write it.
  const index = exported.layers[0]!.indexOf('KC_A');
  exported.layers[0]![index] = 'LT(1, KC_A)';
  const keymap = await tempFile('keymap.json', JSON.stringify(exported));

  await page.getByRole('button', { name: 'Import…' }).click();
  await page.getByTestId('import-keymap-json').setInputFiles(keymap);
  await page.getByTestId('import-info').setInputFiles(info);
  await page.getByRole('button', { name: 'Read and preview' }).click();
  await expect(page.getByTestId('preview-keys-0')).toHaveText('Row 3, column 1: KC_A → LT(1,KC_A)');
  expect(await eepromKey(page, 0, 3, 1)).toBe(0x04);
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect.poll(() => eepromKey(page, 0, 3, 1)).toBe(0x4104);
});

/**
 * The Aurora 75's keymap.json with row 3, columns 1 and 2 (KC_A, KC_S) holding names of the user's own keymap.c,
 * imported: resolves with the dialog that lists them (nothing is written while it shows).
 */
async function importOwnNames(page: Page, names: [string, string]) {
  await serveAxe(page);
  await openSaveLoad(page, 'aurora75');
  const info = await tempFile('info.json', await auroraKeyboardJson());
  const exported = JSON.parse((await exportAs(page, 'qmk-json', info)).text) as { layers: string[][] };
  await page.getByRole('button', { name: 'Close' }).click();
  const index = exported.layers[0]!.indexOf('KC_A');
  [exported.layers[0]![index], exported.layers[0]![index + 1]] = names;
  const keymap = await tempFile('keymap.json', JSON.stringify(exported));
  await page.getByRole('button', { name: 'Import…' }).click();
  await page.getByTestId('import-keymap-json').setInputFiles(keymap);
  await page.getByTestId('import-info').setInputFiles(info);
  await page.getByRole('button', { name: 'Read and preview' }).click();
  return page.getByRole('alertdialog', { name: 'Names this keyboard does not know' });
}

test("import a keymap.json with names from the user's own code: listed by place, set to KC_NO, written", async ({
  page,
}) => {
  // A tap dance and a custom keycode, as QMK Configurator writes them.
  const dialog = await importOwnNames(page, ['TD(DSH_HPR)', 'ANY(MY_MACRO)']);
  await expect(dialog.getByTestId('unknown-names')).toHaveText(
    'TD(DSH_HPR) — layer 0, key A (row 3, column 1)ANY(MY_MACRO) — layer 0, key S (row 3, column 2)',
  );
  await dialog.getByLabel('Set them to KC_NO').check();
  await page.screenshot({ path: 'test-results/screenshots/unknown-names-choice.png' });
  await checkAccessibility(page, 'the unknown-names choice', '[role="alertdialog"]');
  await dialog.getByRole('button', { name: 'Load the rest and set these keys to KC_NO' }).click();
  await expect(page.getByTestId('preview-keys-0')).toContainText('Row 3, column 1: KC_A → KC_NO');
  await expect(page.getByTestId('preview-keys-0')).toContainText('Row 3, column 2: KC_S → KC_NO');
  // Nothing is written before Apply.
  expect(await eepromKey(page, 0, 3, 1)).toBe(0x04);
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect.poll(() => eepromKey(page, 0, 3, 1)).toBe(0x00);
  expect(await eepromKey(page, 0, 3, 2)).toBe(0x00);
  expect(await eepromKey(page, 0, 3, 3)).toBe(0x07); // KC_D, as it was
});

test("a keymap.json's own names can each be given a keycode before the preview", async ({ page }) => {
  const dialog = await importOwnNames(page, ['TD(DSH_HPR)', 'MY_MACRO']);
  await dialog.getByLabel('Choose a keycode for each').check();
  await dialog.getByLabel(/^Keycode for TD\(DSH_HPR\)/).fill('KC_MINS');
  // MY_MACRO left empty: it stays as the keyboard has it.
  await dialog.getByRole('button', { name: 'Load with the keycodes chosen' }).click();
  await expect(page.getByTestId('preview-keys-0')).toHaveText('Row 3, column 1: KC_A → KC_MINS');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect.poll(() => eepromKey(page, 0, 3, 1)).toBe(0x2d);
  expect(await eepromKey(page, 0, 3, 2)).toBe(0x16);
});

test('Vial keyboard: a .vil with its tap dance, combos and key overrides, and keymap.c with their code', async ({
  page,
}) => {
  await openSaveLoad(page, 'vial-demo');
  await expect(page.getByRole('button', { name: 'Tap Dance', exact: true })).toBeVisible({ timeout: 30_000 });
  const vil = await exportAs(page, 'vil');
  expect(vil.name).toMatch(/\.vil$/);
  const data = JSON.parse(vil.text) as {
    layout: number[][][];
    tap_dance: number[][];
    combo: number[][];
    vial_protocol: number;
  };
  expect(data.vial_protocol).toBe(6);
  expect(data.layout[0]![0]![0]).toBe(await eepromKey(page, 0, 0, 0));
  const td = (await vialEntry(page, 'tapDance', 0))!;
  expect(data.tap_dance[0]![0]).toBe(td[0]! | (td[1]! << 8));
  await page.getByRole('button', { name: 'Close' }).click();

  const c = await exportAs(page, 'qmk-c');
  expect(c.text).toContain('keymaps[][MATRIX_ROWS][MATRIX_COLS]');
  await expect(page.getByTestId('export-notes')).toContainText('QMK settings');
});

test('a share link opens read-only in a fresh browser, and loads into the same keyboard there', async ({
  page,
  browser,
}) => {
  await openSaveLoad(page, 'aurora75');
  // One key changed, so the link differs from a fresh keyboard's keymap.
  await page.getByRole('button', { name: 'Keymap', exact: true }).click();
  await page.getByRole('button', { name: /^row 3, column 1: A$/ }).click();
  await page.getByRole('button', { name: 'Z', exact: true }).click();
  await expect.poll(() => eepromKey(page, 0, 3, 1)).toBe(0x1d);
  await page.getByRole('button', { name: 'Save + Load' }).click();
  await page.getByRole('button', { name: 'Copy link' }).click();
  const link = await page.getByTestId('share-link').inputValue();
  expect(link).toMatch(/#\/keymap\?k=2\.[A-Za-z0-9_-]+$/);
  expect(link.length).toBeLessThan(2000);

  const fresh = await browser.newContext({ serviceWorkers: 'block' });
  const other = await fresh.newPage();
  await other.goto(link);
  await expect(other.getByTestId('shared-keymap')).toBeVisible();
  await expect(other.getByRole('heading', { name: 'Shared keymap: Keyloom Aurora 75' })).toBeVisible();
  await expect(other.getByTestId('shared-keymap-canvas')).toBeVisible();
  // Read-only keys are pictures, not buttons.
  await expect(other.getByRole('img', { name: /^row 3, column 1: Z$/ })).toBeVisible();
  // A fresh browser connects the Aurora 75 demo: the same keyboard, so the keymap can be loaded into it.
  await other.getByRole('button', { name: 'Load into the virtual Keyloom Aurora 75' }).click();
  await expect(other.getByTestId('preview-keys-0')).toHaveText('Row 3, column 1: KC_A → KC_Z');
  await other.getByRole('button', { name: 'Apply' }).click();
  await expect(other.getByText('Loaded into the keyboard.')).toBeVisible();
  await expect.poll(() => eepromKey(other, 0, 3, 1)).toBe(0x1d);
  await fresh.close();
});

test('a damaged share link says so', async ({ page }) => {
  await page.goto('/#/keymap?k=AAAA');
  await expect(page.getByTestId('share-error')).toContainText('damaged');
});

test("Export's Macros choice is a row in the theme's line, not the browser's grooved frame", async ({
  page,
}) => {
  await openSaveLoad(page, 'aurora75');
  await page.getByRole('button', { name: 'Export…' }).click();
  const dialog = page.getByTestId('export-dialog');
  await dialog.getByTestId('export-format').selectOption('qmk-c');
  const macros = dialog.getByRole('group', { name: 'Macros' });
  await expect(macros.getByRole('radio')).toHaveCount(2);
  const frame = await macros.evaluate((el) => {
    const s = getComputedStyle(el);
    return [s.borderTopWidth, s.borderLeftWidth, s.borderRightWidth, s.borderBottomStyle];
  });
  // No frame around it, as around the dialog's other rows (the native one was a 2 px groove on all four sides).
  expect(frame.slice(0, 3)).toEqual(['0px', '0px', '0px']);
  expect(frame[3]).not.toBe('groove');
  // Its name stands beside the choices, as a row's label does, not in the frame's top edge.
  const legend = await macros.locator('legend').boundingBox();
  const choice = await macros.getByRole('radio').first().boundingBox();
  expect(legend!.x + legend!.width).toBeLessThan(choice!.x);
});
