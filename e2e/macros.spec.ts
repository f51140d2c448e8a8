import { test, expect, type Page } from '@playwright/test';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { firmware, firmwareRequest, withoutRememberedKeyboards } from './helpers.ts';

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
  // The validator's message shows as the script is typed, beside it, and Save waits for a script it takes.
  await script.fill('{KC_A');
  await expect(script).toHaveAccessibleDescription(
    /^Looks like a keycode block - \{\} - is unclosed! Are you missing an '\}'\?/,
  );
  await expect(page.getByRole('button', { name: 'Save', exact: true })).toBeDisabled();
  // The buffer's use in figures, live: typing 'Hi' + Enter adds 5 bytes (H i 01 01 28) before it is saved.
  const usage = page.getByRole('meter', { name: 'Macro memory used' });
  const usedBytes = async () =>
    Number(/^(\d+) /.exec((await usage.getAttribute('aria-valuetext')) ?? '')?.[1]);
  const before = await usedBytes();
  await expect(page.getByText(/^\d+ \/ [\d,]+ bytes$/)).toBeVisible();
  await script.fill('Hi{KC_ENT}');
  await expect.poll(usedBytes).toBe(before + 5);
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
  await page.keyboard.press('Control+KeyC');
  await page.getByRole('button', { name: 'Stop' }).click();
  // Keys read as their legends, and a chord (Ctrl held around C) as one chip.
  const steps = page.getByRole('group', { name: 'Macro M0' }).getByRole('listitem');
  await expect(steps).toHaveText(['“Hi”×', 'Enter×', 'Ctrl+C×']);
  await expect(steps.nth(2).locator('span[title]')).toHaveAttribute('title', 'Left Ctrl + C');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect.poll(() => macroBytes(page, 5)).toEqual([0x48, 0x69, 0x01, 0x01, 0x28]);

  // Removing the chord's chip removes all its steps; what the pane's own button discards is M0's edit.
  await page.getByRole('button', { name: 'Remove step 3' }).click();
  await expect(steps).toHaveText(['“Hi”×', 'Enter×']);
  await page.getByRole('button', { name: 'Remove step 2' }).click();
  await expect(steps).toHaveText(['“Hi”×']);
  await page.getByRole('button', { name: 'Discard changes to M0' }).click();
  await expect(steps).toHaveText(['“Hi”×', 'Enter×', 'Ctrl+C×']);
  await page.getByRole('button', { name: 'Delete macro' }).click();
  await expect.poll(() => macroBytes(page, 1)).toEqual([0x00]);
  await expect(page.getByText('No macro recorded yet...')).toBeVisible();
});

/**
 * Puts bytes in the first virtual keyboard's macro buffer as another tool would (macro_set_buffer, 28-byte
 * chunks), then reloads so the app reads them from the keyboard.
 */
async function keyboardHolds(page: Page, bytes: number[]) {
  for (let offset = 0; offset < bytes.length; offset += 28) {
    const chunk = bytes.slice(offset, offset + 28);
    await firmwareRequest(page, 0x0f, offset >> 8, offset & 0xff, chunk.length, ...chunk);
  }
  await page.reload();
  await page.getByRole('button', { name: 'Macros' }).click();
  await page.getByRole('tab', { name: 'Script' }).click();
}

/** Save + Load → Save: the layout file's text, as downloaded. */
async function saveLayout(page: Page): Promise<string> {
  await page.getByRole('button', { name: 'Save + Load' }).click();
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  return readFile((await (await download).path())!, 'utf8');
}

/** Save + Load → Load the file and Apply what the preview lists. */
async function loadLayout(page: Page, text: string) {
  const file = path.join(await mkdtemp(path.join(tmpdir(), 'kl-macros-')), 'board.layout.json');
  await writeFile(file, text);
  await page.getByRole('button', { name: 'Save + Load' }).click();
  await page.getByLabel('Load Saved Layout').setInputFiles(file);
}

test.describe('what the keyboard holds survives Save → Load byte for byte (issue #33)', () => {
  test.beforeEach(({ page }) =>
    // Headless Chromium would open a native dialog: use the download fallback.
    page.addInitScript(() => delete (window as unknown as Record<string, unknown>).showSaveFilePicker),
  );

  test('a backslash before Enter and a 12,000 ms delay (protocol 12)', async ({ page }) => {
    await page.goto('/?virtual=aurora75#/');
    await expect(page.getByTestId('keyboard-canvas')).toBeVisible();
    // M0 types "C:\" then Enter; M1 waits 12,000 ms (more than the editor lets one type).
    const held = [
      0x43, 0x3a, 0x5c, 0x01, 0x01, 0x28, 0x00, 0x01, 0x04, 0x31, 0x32, 0x30, 0x30, 0x30, 0x7c, 0x00,
    ];
    await keyboardHolds(page, held);
    await expect(page.getByLabel('Macro M0')).toHaveValue('C:{\\x5C}{KC_ENT}');
    await page.getByRole('button', { name: 'M1', exact: true }).click();
    const m1 = page.getByLabel('Macro M1');
    await expect(m1).toHaveValue('{12000}');

    // Typed text keeps the spec's checks and says what the keyboard cannot type…
    await m1.fill('{12000}café');
    await expect(page.getByRole('button', { name: 'Save', exact: true })).toBeDisabled();
    await expect(page.locator('#macro-problem')).toHaveText(
      'The keyboard types only ASCII text (a new line types Enter, a tab types Tab): é cannot be typed. Remove them, or use {KC_…} keys.',
    );
    await m1.fill('{12001}');
    await expect(page.getByRole('button', { name: 'Save', exact: true })).toBeDisabled();
    await expect(page.locator('#macro-problem')).toHaveText(
      'Invalid delay: 12001. Please use a delay value of 9999 or less.',
    );
    // …but what the keyboard holds saves back as it is.
    await m1.fill('{12000}x');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    const edited = [...held.slice(0, 15), 0x78, 0x00];
    await expect.poll(() => macroBytes(page, edited.length)).toEqual(edited);

    const saved = await saveLayout(page);
    expect((JSON.parse(saved) as { macros: string[] }).macros.slice(0, 2)).toEqual([
      'C:{\\x5C}{KC_ENT}',
      '{12000}x',
    ]);
    // The file matches the keyboard: the preview says so, and offers nothing to apply.
    await loadLayout(page, saved);
    await expect(page.getByText('The file matches the keyboard: nothing would change.')).toBeVisible();
    const preview = page.getByTestId('load-preview');
    await expect(preview.getByRole('button', { name: 'Apply' })).toHaveCount(0);
    await preview.getByRole('button', { name: 'Close' }).click();
    await expect(preview).toHaveCount(0);

    // Another tool wipes the macros; loading the file puts back every byte.
    await keyboardHolds(page, new Array<number>(edited.length).fill(0));
    await loadLayout(page, saved);
    await expect(page.getByTestId('preview-macros')).toContainText('M0: ∅ → C:{\\x5C}{KC_ENT}');
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect(page.getByText('Layout loaded onto the keyboard.')).toBeVisible();
    expect(await macroBytes(page, edited.length)).toEqual(edited);
    expect(await firmware(page, 'playMacro', 0)).toEqual([0x43, 0x3a, 0x5c, 0x01, 0x01, 0x28]);
  });

  test('hold and release on a protocol 9 board', async ({ page }) => {
    await page.goto('/?virtual=lumen65#/');
    await expect(page.getByTestId('keyboard-canvas')).toBeVisible();
    // Shift held around A and B: 02 E1, 01 04, 01 05, 03 E1 (VIA v2 firmware plays it).
    const held = [0x02, 0xe1, 0x01, 0x04, 0x01, 0x05, 0x03, 0xe1, 0x00];
    await keyboardHolds(page, held);
    const m0 = page.getByLabel('Macro M0');
    await expect(m0).toHaveValue('{+KC_LSFT}{KC_A}{KC_B}{-KC_LSFT}');
    // A new hold typed here is refused as VIA's protocol 9 editor refuses it; the one the keyboard holds saves.
    await m0.fill('{+KC_LCTL}{+KC_LSFT}{KC_A}{KC_B}{-KC_LSFT}');
    await expect(page.getByRole('button', { name: 'Save', exact: true })).toBeDisabled();
    await expect(page.locator('#macro-problem')).toHaveText(
      'Whoops! Invalid keycodes detected inside {}: +KC_LCTL',
    );
    await m0.fill('{+KC_LSFT}{KC_A}{KC_B}{-KC_LSFT}c');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    const edited = [...held.slice(0, 8), 0x63, 0x00];
    await expect.poll(() => macroBytes(page, edited.length)).toEqual(edited);

    const saved = await saveLayout(page);
    await keyboardHolds(page, new Array<number>(edited.length).fill(0));
    await loadLayout(page, saved);
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect(page.getByText('Layout loaded onto the keyboard.')).toBeVisible();
    expect(await macroBytes(page, edited.length)).toEqual(edited);
  });
});
