import { test, expect, type Page } from '@playwright/test';
import { readFile, writeFile, mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { canvasKey, eepromKey, firmware } from './helpers.ts';

const KC_NO = 0x00;
const KC_TRNS = 0x01;
const KC_A = 0x04;
const KC_ESC = 0x29;

test.beforeEach(async ({ page }) => {
  // Each test loads a keyboard and walks a whole flow; a machine shared by many runs needs the room.
  test.slow();
  await page.addInitScript(() => {
    localStorage.setItem('keyloom-virtual-keyboards', '[]');
    delete (window as unknown as Record<string, unknown>).showSaveFilePicker;
  });
});

async function openAurora(page: Page) {
  await page.goto('/?virtual=aurora75#/');
  // The first keyboard load compiles its definition and builds the virtual board: slow on a loaded machine.
  await expect(page.getByTestId('keyboard-canvas')).toBeVisible();
}

async function layerTools(page: Page) {
  const tools = page.getByRole('dialog', { name: 'Layer tools' });
  if (!(await tools.isVisible())) await page.getByRole('button', { name: 'Layer tools' }).click();
  return tools;
}

/** Clears the shown layer with the layer tools, answering their question (the layer has keys set) with Clear. */
async function clearLayer(page: Page, to: string) {
  const tools = await layerTools(page);
  await tools.getByRole('button', { name: to }).click();
  await tools
    .getByRole('group', { name: /Clear them\?$/ })
    .getByRole('button', { name: 'Clear', exact: true })
    .click();
}

/** Copies the selected layer onto `target` with the layer tools. */
async function copyOnto(page: Page, target: number) {
  const tools = await layerTools(page);
  await tools.getByLabel('Target layer').selectOption(String(target));
  await tools.getByRole('button', { name: 'Copy', exact: true }).click();
}

test('copy, swap and clear a layer: each on the EEPROM, each undone in one step', async ({ page }) => {
  await openAurora(page);
  expect(await eepromKey(page, 1, 3, 1)).toBe(KC_TRNS);

  await copyOnto(page, 1);
  await expect.poll(() => eepromKey(page, 1, 3, 1)).toBe(KC_A);
  await expect.poll(() => eepromKey(page, 1, 0, 0)).toBe(KC_ESC);
  await page.getByTitle('Ctrl+Z', { exact: true }).click();
  await expect.poll(() => eepromKey(page, 1, 3, 1)).toBe(KC_TRNS);
  await expect.poll(() => eepromKey(page, 1, 0, 0)).toBe(KC_TRNS);
  await page.getByTitle('Shift+Ctrl+Z', { exact: true }).click();
  await expect.poll(() => eepromKey(page, 1, 0, 0)).toBe(KC_ESC);
  await page.getByTitle('Ctrl+Z', { exact: true }).click();
  await expect.poll(() => eepromKey(page, 1, 0, 0)).toBe(KC_TRNS);

  const tools = await layerTools(page);
  await tools.getByLabel('Target layer').selectOption('2');
  await tools.getByRole('button', { name: 'Swap', exact: true }).click();
  await expect.poll(() => eepromKey(page, 2, 3, 1)).toBe(KC_A);
  await expect.poll(() => eepromKey(page, 0, 3, 1)).toBe(KC_TRNS);
  // The canvas shows layer 0 as it now is: transparent (once the keymap tools have loaded, which load on first
  // use, named by what it falls through to: nothing, on the bottom layer).
  await expect(
    canvasKey(page, /^row 3, column 1: (Transparent \(the layer below\)|transparent → nothing)$/),
  ).toBeVisible();
  await page.getByTitle('Ctrl+Z', { exact: true }).click();
  // Undoing a swap writes both layers, one after the other: wait for each.
  await expect.poll(() => eepromKey(page, 0, 3, 1)).toBe(KC_A);
  await expect.poll(() => eepromKey(page, 2, 3, 1)).toBe(KC_TRNS);

  await clearLayer(page, 'To nothing (KC_NO)');
  await expect.poll(() => eepromKey(page, 0, 3, 1)).toBe(KC_NO);
  await expect.poll(() => eepromKey(page, 0, 0, 0)).toBe(KC_NO);
  await page.getByTitle('Ctrl+Z', { exact: true }).click();
  await expect.poll(() => eepromKey(page, 0, 3, 1)).toBe(KC_A);
  await expect.poll(() => eepromKey(page, 0, 0, 0)).toBe(KC_ESC);

  await clearLayer(page, 'To transparent (KC_TRNS)');
  await expect.poll(() => eepromKey(page, 0, 3, 1)).toBe(KC_TRNS);
  await page.getByTitle('Ctrl+Z', { exact: true }).click();
  await expect.poll(() => eepromKey(page, 0, 3, 1)).toBe(KC_A);
});

test('Print keymap: a "Layer N" heading per non-empty layer, legends as text, a PDF page per two layers', async ({
  page,
}) => {
  await openAurora(page);
  // Layers 0, 1 and 3 hold keys; layer 2 stays transparent.
  await copyOnto(page, 1);
  await copyOnto(page, 3);
  await expect.poll(() => eepromKey(page, 3, 3, 1)).toBe(KC_A);
  const tools = await layerTools(page);
  await page.getByRole('button', { name: 'Layer 3' }).click();
  await tools.getByLabel('Name of layer 3').fill('Gaming');
  await tools.getByRole('button', { name: 'Save name' }).click();
  await expect(page.getByRole('button', { name: 'Layer 3: Gaming' })).toBeVisible();
  await tools.getByRole('button', { name: 'Close' }).click();

  await page.getByRole('button', { name: 'Save + Load' }).click();
  await page.getByRole('button', { name: 'Print keymap' }).click();
  const sheet = page.getByTestId('print-view');
  await expect(sheet.getByRole('heading', { level: 2 })).toHaveText([
    'Layer 0',
    'Layer 1',
    'Layer 3 — Gaming',
  ]);
  // Legends are SVG text, not pictures.
  const legends = sheet.getByTestId('print-layer-0-canvas').locator('text.key-legend');
  await expect(legends.filter({ hasText: /^Esc$/ })).toHaveCount(1);
  await expect(legends.filter({ hasText: /^Q$/ })).toHaveCount(1);

  const pdf = (await page.pdf({ format: 'A4' })).toString('latin1');
  const pages = pdf.match(/\/Type\s*\/Page(?![s\w])/g)?.length ?? 0;
  expect(pages).toBeGreaterThanOrEqual(Math.ceil(3 / 2));
  expect(pages).toBeLessThanOrEqual(4);
  // Text drawn with fonts that map back to Unicode: searchable and selectable in a PDF reader.
  expect(pdf).toContain('/ToUnicode');

  await sheet.getByRole('button', { name: 'Close' }).click();
  await expect(sheet).toHaveCount(0);

  // The shown layer (3) as files: SVG with legends as text, PNG; both say the keyboard and the layer, by name.
  // Making them breaks no rule of the Content-Security-Policy (styles go through the CSSOM, not as text).
  const refused: string[] = [];
  page.on('console', (m) => /Content[- ]Security[- ]Policy/i.test(m.text()) && refused.push(m.text()));
  const svgDownload = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download SVG' }).click();
  const svg = await svgDownload;
  expect(svg.suggestedFilename()).toBe('keyloom_aurora_75_layer_3_gaming.svg');
  const svgText = await readFile((await svg.path())!, 'utf8');
  expect(svgText).toContain('<svg');
  expect(svgText).toMatch(/<text[^>]*>Esc<\/text>/);
  expect(svgText).toContain('<title>Keyloom Aurora 75 · Layer 3 — Gaming</title>');
  expect(svgText).toMatch(/<text[^>]*>Keyloom Aurora 75 · Layer 3 — Gaming<\/text>/);
  const pngDownload = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download PNG' }).click();
  const png = await pngDownload;
  expect(png.suggestedFilename()).toBe('keyloom_aurora_75_layer_3_gaming.png');
  expect([...(await readFile((await png.path())!)).subarray(0, 4)]).toEqual([0x89, 0x50, 0x4e, 0x47]);
  expect(refused).toEqual([]);
});

test('load preview lists exactly the changed keys; Cancel writes nothing', async ({ page }) => {
  await openAurora(page);
  await page.getByRole('button', { name: 'Save + Load' }).click();
  const downloadPromise = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  const layout = JSON.parse(await readFile((await (await downloadPromise).path())!, 'utf8')) as {
    layers: string[][];
    encoders: [string, string][][];
  };
  layout.layers[0]![3 * 16 + 1] = 'KC_Z';
  layout.layers[0]![3 * 16 + 2] = 'KC_X';
  layout.layers[2]![0] = 'KC_MUTE';
  // The file's encoders are [encoder][layer] = [counterclockwise, clockwise].
  layout.encoders[0]![0]![1] = 'KC_MNXT';
  const dir = await mkdtemp(path.join(tmpdir(), 'kl-preview-'));
  const file = path.join(dir, 'changed.layout.json');
  await writeFile(file, JSON.stringify(layout));
  await page.getByLabel('Load Saved Layout').setInputFiles(file);

  const preview = page.getByRole('dialog', { name: 'What changed.layout.json changes' });
  await expect(preview.getByRole('heading', { level: 3 })).toHaveText([
    'Layer 0: 2 keys',
    'Layer 2: 1 key',
    'Encoders that change',
  ]);
  await expect(preview.getByTestId('preview-keys-0').getByRole('listitem')).toHaveText([
    'Row 3, column 1: KC_A → KC_Z',
    'Row 3, column 2: KC_S → KC_X',
  ]);
  await expect(preview.getByTestId('preview-keys-2').getByRole('listitem')).toHaveText([
    'Row 0, column 0: KC_TRNS → KC_MUTE',
  ]);
  await expect(preview.getByTestId('preview-encoders').getByRole('listitem')).toHaveText([
    /^Layer 0, encoder 0, clockwise: KC_\w+ → KC_MNXT$/,
  ]);
  // The layer drawing marks the two changed keys and the encoder whose turn changes.
  await expect(preview.getByTestId('load-preview-canvas').locator('[data-highlighted]')).toHaveCount(3);
  await expect(
    preview.getByTestId('load-preview-canvas').getByRole('img', { name: /^Encoder 0, / }),
  ).toHaveAttribute('data-highlighted', 'true');

  await preview.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByText('Nothing was written.')).toBeVisible();
  expect(await eepromKey(page, 0, 3, 1)).toBe(KC_A);
  expect(await eepromKey(page, 2, 0, 0)).toBe(KC_TRNS);

  await page.getByLabel('Load Saved Layout').setInputFiles(file);
  await preview.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByText('Layout loaded onto the keyboard.')).toBeVisible();
  expect(await eepromKey(page, 0, 3, 1)).toBe(0x1d);
  expect(await eepromKey(page, 2, 0, 0)).toBe(0xa8);
  expect(await firmware(page, 'getEncoderKeycode', 0, 0, true)).toBe(0xab);
});

test('German computer layout: keycaps show what the key types there, the keycode stays in the tooltip', async ({
  page,
}) => {
  await page.goto('/?virtual=aurora75#/settings');
  await page.getByLabel('Keyboard layout on this computer').selectOption('de');
  await page.getByRole('link', { name: 'Configure' }).click();
  await expect(page.getByTestId('keyboard-canvas')).toBeVisible();
  // Screen readers hear what the key types on this computer; the keycode stays in the key's tooltip.
  const legend = (name: RegExp) => canvasKey(page, name).locator('text.key-legend');
  await expect(legend(/: Y$/)).toHaveText('Y');
  await expect(canvasKey(page, /: Y$/).locator('title')).toHaveText(/KC_Z/);
  await expect(canvasKey(page, /: Z$/).locator('title')).toHaveText(/KC_Y/);
  await expect(legend(/: Ö$/)).toHaveText('Ö');
  await expect(canvasKey(page, /: Ö$/).locator('title')).toHaveText(/KC_SCLN/);
  await expect(legend(/: 2$/)).toHaveText(['"', '2']);
  // The keycode grid follows: KC_Z's button shows and is named Y.
  await expect(page.locator('button.keycode[data-code="KC_Z"]')).toHaveText('Y');
  await expect(page.locator('button.keycode[data-code="KC_Z"]')).toHaveAccessibleName('Y');
});
