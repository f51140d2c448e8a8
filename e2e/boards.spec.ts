import { test, expect, type Page } from '@playwright/test';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { VIA_DEFINITIONS_DIR, VIA_LAYOUTS_DIR } from '../tests/fixtures/paths.ts';
import { canvasKey as key, eepromKey, firmware, withoutRememberedKeyboards } from './helpers.ts';

// Boards shaped like the owner's real one: built from real definitions with the firmware's own choices.

test.beforeEach(async ({ page }) => {
  await withoutRememberedKeyboards(page);
  await page.addInitScript(() => {
    // Headless Chromium would open a native dialog: use the download fallback.
    delete (window as unknown as Record<string, unknown>).showSaveFilePicker;
  });
});

/** Opens 'Try a virtual keyboard', reads the definition file and waits on the build step. */
async function chooseDefinition(page: Page, file: string) {
  await page.goto('/#/');
  await page.getByRole('button', { name: 'Try a virtual keyboard' }).first().click();
  await page.getByLabel('Build one from a keyboard definition file…').setInputFiles(file);
  await expect(page.getByRole('button', { name: 'Build keyboard' })).toBeVisible();
}

async function saveLayout(page: Page): Promise<Record<string, unknown>> {
  await page
    .getByRole('navigation', { name: 'Configure panes' })
    .getByRole('button', { name: 'Save + Load' })
    .click();
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  return JSON.parse(await readFile((await (await download).path())!, 'utf8')) as Record<string, unknown>;
}

async function loadLayout(page: Page, layout: unknown) {
  const file = path.join(await mkdtemp(path.join(tmpdir(), 'kl-board-')), 'board.layout.json');
  await writeFile(file, JSON.stringify(layout));
  await page
    .getByRole('navigation', { name: 'Configure panes' })
    .getByRole('button', { name: 'Save + Load' })
    .click();
  await page.getByLabel('Load Saved Layout').setInputFiles(file);
  await page.getByTestId('load-preview').getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByText('Layout loaded onto the keyboard.')).toBeVisible();
}

/** Holds the definition checker's code until the returned function is called (a busy machine's long read). */
async function holdDefinitionChecks(page: Page): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/assets/definitionChecks-*.js', async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

test('while a chosen definition file is read and checked the dialog says so and its cards are out of reach, until the form or a refusal', async ({
  page,
}) => {
  const release = await holdDefinitionChecks(page);
  await page.goto('/#/');
  await page.getByRole('button', { name: 'Try a virtual keyboard' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Try a virtual keyboard' });
  await dialog
    .getByLabel('Build one from a keyboard definition file…')
    .setInputFiles(path.join(VIA_DEFINITIONS_DIR, 'v2/work_louder__work_board_e.json'));
  await expect(dialog.getByRole('status')).toHaveText(
    'Reading work_louder__work_board_e.json and checking it…',
  );
  await expect(dialog.getByRole('status')).toBeInViewport();
  await expect(dialog.getByRole('list')).toHaveAttribute('aria-busy', 'true');
  const card = dialog.getByRole('button', { name: /Keyloom Aurora 75/ });
  await expect(card).toBeDisabled();
  // Looks out of reach too, not only inert.
  expect(await card.evaluate((b) => Number(getComputedStyle(b).opacity))).toBeLessThan(1);
  release();
  await expect(dialog.getByRole('button', { name: 'Build keyboard' })).toBeVisible();

  // A refusal ends the busy state the same way: the cards come back with the reason.
  const again = await page.context().newPage();
  const releaseAgain = await holdDefinitionChecks(again);
  await again.goto('/#/');
  await again.getByRole('button', { name: 'Try a virtual keyboard' }).first().click();
  const second = again.getByRole('dialog', { name: 'Try a virtual keyboard' });
  await second.getByLabel('Build one from a keyboard definition file…').setInputFiles({
    name: 'notes.json',
    mimeType: 'application/json',
    buffer: Buffer.from('not a definition'),
  });
  await expect(second.getByRole('status')).toHaveText('Reading notes.json and checking it…');
  releaseAgain();
  await expect(second.getByRole('alert')).toBeVisible();
  await expect(second.getByRole('status')).toHaveText('');
  await expect(second.getByRole('list')).toHaveAttribute('aria-busy', 'false');
  await expect(second.getByRole('button', { name: /Keyloom Aurora 75/ })).toBeEnabled();
});

test('a v2 board with an encoder is built on protocol 10 and its rotation can be assigned', async ({
  page,
}) => {
  await chooseDefinition(page, path.join(VIA_DEFINITIONS_DIR, 'v2/work_louder__work_board_e.json'));
  // The choices a firmware fixes, with the defaults of a v2 board: protocol 10 has encoders.
  await expect(page.getByLabel('Layers')).toHaveValue('4');
  await expect(page.getByLabel('VIA protocol')).toHaveValue('10');
  await expect(page.getByLabel('VIA protocol').locator('option')).toHaveText(['9', '10']);
  await page.getByRole('button', { name: 'Build keyboard' }).click();

  await key(page, /^Encoder 0, /).click();
  await expect(page.getByText('Your current firmware does not support rotary encoders')).toHaveCount(0);
  await page.getByRole('radio', { name: /Rotate Clockwise/ }).click();
  await page.getByRole('button', { name: 'Media' }).click();
  await page.getByRole('button', { name: 'Next track', exact: true }).click();
  await expect.poll(() => firmware(page, 'getEncoderKeycode', 0, 0, true)).toBe(0x00ab);
});

test('out-of-range choices are refused, each beside its field with its limit, and nothing is built', async ({
  page,
}) => {
  await chooseDefinition(page, path.join(VIA_DEFINITIONS_DIR, 'v3/keebio__iris__iris-rev6b.json'));
  await expect(page.getByLabel('VIA protocol')).toHaveValue('12');
  const [layers, macros, buffer] = [
    page.getByLabel('Layers'),
    page.getByLabel('Macros'),
    page.getByLabel('Macro memory'),
  ];
  await layers.fill('33');
  await macros.fill('500');
  await buffer.fill('');
  // Every bad field is named, not only the first: each is marked and says its range (read with the field).
  await expect(layers).toHaveAccessibleDescription('Layers must be between 1 and 32.');
  await expect(macros).toHaveAccessibleDescription('Macros must be between 0 and 128.');
  await expect(buffer).toHaveAccessibleDescription('Macro memory must be between 1 and 65535.');
  for (const field of [layers, macros, buffer]) await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByRole('button', { name: 'Build keyboard' })).toBeDisabled();
  await layers.fill('8');
  await macros.fill('16');
  await expect(layers).toHaveAttribute('aria-invalid', 'false');
  await expect(buffer).toHaveAccessibleDescription('Macro memory must be between 17 and 65535.');
  await buffer.fill('1024');
  await expect(page.getByRole('button', { name: 'Build keyboard' })).toBeEnabled();
});

test('a 5-layer board takes a real 5-layer layout file', async ({ page }) => {
  // A Keychron Q2 owner's file: five layers, saved by VIA.
  const base = 'Mickhat__Keychron-Q2-Layout__keychron_q2_ansi';
  await chooseDefinition(page, path.join(VIA_LAYOUTS_DIR, `${base}.definition.json`));
  await page.getByLabel('Layers').fill('5');
  await page.getByRole('button', { name: 'Build keyboard' }).click();
  // Layers are numbered from 0: the fifth is 'Layer 4'.
  await expect(page.getByRole('button', { name: 'Layer 4' })).toBeVisible();

  const layout = JSON.parse(await readFile(path.join(VIA_LAYOUTS_DIR, `${base}.layout.json`), 'utf8')) as {
    layers: string[][];
  };
  expect(layout.layers).toHaveLength(5);
  expect(layout.layers[4]!.slice(0, 2)).toEqual(['S(KC_GRV)', 'KC_F1']);
  await loadLayout(page, layout);
  // The fifth layer holds the file's keys: Shift+` and F1 at the top left.
  await expect.poll(() => eepromKey(page, 4, 0, 0)).toBe(0x0235);
  await expect.poll(() => eepromKey(page, 4, 0, 1)).toBe(0x003a);
});

test('encoders inside layout options keep their values through Load and Save', async ({ page }) => {
  // Keebio Iris rev6b: each thumb cluster's encoder exists only in its 'With Encoder' layout option.
  await chooseDefinition(page, path.join(VIA_DEFINITIONS_DIR, 'v3/keebio__iris__iris-rev6b.json'));
  await expect(page.getByText(/2 encoders/)).toBeVisible();
  await page.getByRole('button', { name: 'Build keyboard' }).click();

  // With the default options no encoder is drawn, but both stay reachable from the Keymap pane.
  await page.getByRole('button', { name: 'Encoder 1' }).click();
  await page.getByRole('radio', { name: /Rotate Clockwise/ }).click();
  await page.getByRole('button', { name: 'Media' }).click();
  await page.getByRole('button', { name: 'Next track', exact: true }).click();
  await expect.poll(() => firmware(page, 'getEncoderKeycode', 0, 1, true)).toBe(0x00ab);

  const saved = (await saveLayout(page)) as { encoders: [string, string][][] };
  expect(saved.encoders).toHaveLength(2);
  expect(saved.encoders[1]![0]).toEqual(['KC_VOLD', 'KC_MNXT']);

  // Another owner's values for both encoders on layer 2 load onto the keyboard …
  saved.encoders[0]![2] = ['KC_PGUP', 'KC_PGDN'];
  saved.encoders[1]![2] = ['KC_LEFT', 'KC_RGHT'];
  await loadLayout(page, saved);
  await expect.poll(() => firmware(page, 'getEncoderKeycode', 2, 0, false)).toBe(0x004b);
  await expect.poll(() => firmware(page, 'getEncoderKeycode', 2, 1, true)).toBe(0x004f);
  // … and Save writes them back.
  const again = (await saveLayout(page)) as { encoders: [string, string][][] };
  expect(again.encoders[0]![2]).toEqual(['KC_PGUP', 'KC_PGDN']);
  expect(again.encoders[1]![2]).toEqual(['KC_LEFT', 'KC_RGHT']);
});
