import { test, expect, type Page } from '@playwright/test';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { VIAL_LAYOUTS_DIR } from '../tests/fixtures/paths.ts';
import { eepromKey, withoutRememberedKeyboards } from './helpers.ts';

/** What Keyloom writes is what the user meant (issue 38 items 3, 4 and 8). */

const AURORA = 0x4b4c0002;

async function openSaveLoad(page: Page) {
  await page.goto('/?virtual=aurora75#/');
  await expect(page.getByTestId('keyboard-canvas')).toBeVisible({ timeout: 30_000 });
  await page.getByRole('button', { name: 'Save + Load' }).click();
}

/** A save picker whose writable fails with `errorName`, or (null) records what it was given in `window.saved`. */
async function stubSavePicker(page: Page, errorName: string | null) {
  await page.addInitScript((failWith) => {
    const w = window as unknown as Record<string, unknown>;
    w.showSaveFilePicker = async (options: { suggestedName: string }) => ({
      name: options.suggestedName,
      createWritable: async () => ({
        write: async (blob: Blob) => {
          if (failWith) throw new DOMException('The write failed.', failWith);
          w.saved = await blob.text();
        },
        close: async () => undefined,
      }),
    });
  }, errorName);
}

test.beforeEach(async ({ page }) => withoutRememberedKeyboards(page));

test('Save with a writer that fails names the failure; nothing is said to be saved', async ({ page }) => {
  await stubSavePicker(page, 'QuotaExceededError');
  await openSaveLoad(page);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByTestId('save-error')).toContainText(
    'Could not save keyloom_aurora_75.layout.json: there is not enough storage space.',
  );
  await expect(page.getByText(/^Saved /)).toHaveCount(0);
});

test('a good save says “Saved …”, keeps the layer names, and Load brings them back', async ({ page }) => {
  await page.addInitScript(
    (key) => localStorage.setItem(key, JSON.stringify(['Base', 'Fn'])),
    `keyloom-layer-names:${AURORA}`,
  );
  await stubSavePicker(page, null);
  await openSaveLoad(page);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Saved keyloom_aurora_75.layout.json.')).toBeVisible();
  const saved = JSON.parse(await page.evaluate(() => (window as unknown as { saved: string }).saved)) as {
    layerNames: string[];
    layers: string[][];
  };
  expect(saved.layerNames).toEqual(['Base', 'Fn']);

  const file = path.join(await mkdtemp(path.join(tmpdir(), 'kl-names-')), 'named.layout.json');
  saved.layers[0]![3 * 16 + 1] = 'KC_WH_D';
  await writeFile(file, JSON.stringify({ ...saved, layerNames: ['Base', 'Nav'] }));
  await page.getByLabel('Load Saved Layout').setInputFiles(file);
  await expect(page.getByTestId('preview-layer-names')).toHaveText('Layer 1: “Fn” → “Nav”');
  // One naming, VIA's (as .layout.json files carry keys): the file's KC_WH_D is VIA's KC_MS_WH_DOWN, not QMK's
  // MS_WHLD beside VIA's KC_A.
  await expect(page.getByTestId('preview-keys-0')).toHaveText('Row 3, column 1: KC_A → KC_MS_WH_DOWN');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByText('Layout loaded onto the keyboard.')).toBeVisible();
  await expect
    .poll(() => page.evaluate((key) => localStorage.getItem(key), `keyloom-layer-names:${AURORA}`))
    .toBe(JSON.stringify(['Base', 'Nav']));
});

test('another keyboard’s .vil is refused, naming both keyboards; nothing is written', async ({ page }) => {
  await openSaveLoad(page);
  const before = await eepromKey(page, 0, 2, 0);
  await page
    .getByLabel('Import a Vial layout (.vil)')
    .setInputFiles(path.join(VIAL_LAYOUTS_DIR, 'keyloom-vial-60.vil'));
  const error = page.getByTestId('load-error');
  await expect(error).toContainText('saved from the Keyloom Vial 60 (5 × 13 matrix)');
  await expect(error).toContainText('not from the Keyloom Aurora 75 (6 × 16)');
  await expect(page.getByTestId('load-preview')).toHaveCount(0);
  expect(await eepromKey(page, 0, 2, 0)).toBe(before);
});

test('a link with one character changed reads as damaged; a good one says it loads into the virtual keyboard', async ({
  page,
  browser,
}) => {
  await openSaveLoad(page);
  await page.getByRole('button', { name: 'Copy link' }).click();
  const link = await page.getByTestId('share-link').inputValue();
  // Sixteen links, each with one character of its keymap changed: every one reads as damaged, none opens a
  // keymap (before the checksum, about one in four did).
  const k = link.indexOf('k=') + 2;
  const body = link.length - k;
  for (let i = 0; i < 16; i++) {
    const at = k + Math.floor(((i + 0.5) * body) / 16);
    const changed = `${link.slice(0, at)}${link[at] === 'A' ? 'B' : 'A'}${link.slice(at + 1)}`;
    // A fresh page each time: no answer of the link before can stand in for this one's.
    await page.goto('about:blank');
    await page.goto(changed);
    await expect(page.getByTestId('share-error')).toContainText('damaged');
    await expect(page.getByRole('button', { name: /^Load into/ })).toHaveCount(0);
  }

  // A fresh browser connects the Aurora 75 demo, and nothing else: the screen says the keyboard is virtual.
  const fresh = await browser.newContext({ serviceWorkers: 'block' });
  const other = await fresh.newPage();
  await other.goto(link);
  await expect(other.getByTestId('shared-keymap')).toBeVisible();
  await expect(other.getByTestId('shared-keymap-virtual')).toContainText(
    'Only the virtual Keyloom Aurora 75 is connected',
  );
  await other.getByRole('button', { name: 'Load into the virtual Keyloom Aurora 75' }).click();
  const preview = other.getByTestId('load-preview');
  await expect(preview).toContainText('link');
  await expect(preview).not.toContainText('the file');
  await fresh.close();
});
