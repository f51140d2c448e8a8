import { test, expect, type Page } from '@playwright/test';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { VIAL_LAYOUTS_DIR } from '../tests/fixtures/paths.ts';
import { eepromKey, holdUnlockKeys, injectFault, qmkSetting, vialEntry } from './helpers.ts';

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => {
    localStorage.setItem('keyloom-virtual-keyboards', '[]');
    // Headless Chromium would open a native dialog: use the download fallback.
    delete (window as unknown as Record<string, unknown>).showSaveFilePicker;
  });
});

async function openVialDemo(page: Page) {
  await page.goto('/?virtual=vial-demo#/');
  await expect(page.getByTestId('keyboard-canvas')).toBeVisible();
  // The Vial panes appear once the features are read.
  await expect(page.getByRole('button', { name: 'Tap Dance', exact: true })).toBeVisible();
}

const pane = (page: Page, name: string) => page.getByRole('button', { name, exact: true }).click();
const keycode = (page: Page, name: string) =>
  page.locator('.keycode-grid').getByRole('button', { name, exact: true }).click();
const slot = (page: Page, name: string) =>
  page.getByRole('radio', { name: new RegExp(`^${name.replace(/[+]/g, '\\+')}:`) }).click();

async function editAll(page: Page) {
  await pane(page, 'Tap Dance');
  await slot(page, 'On tap');
  await keycode(page, 'A');
  await slot(page, 'On hold');
  await keycode(page, 'Left Ctrl');
  await page.getByLabel('Tapping term').fill('180');
  await page.getByLabel('Tapping term').press('Enter');
  await expect.poll(() => vialEntry(page, 'tapDance', 0)).toEqual([0x04, 0, 0xe0, 0, 0, 0, 0, 0, 0xb4, 0]);

  await pane(page, 'Combos');
  await slot(page, 'Key 1');
  await keycode(page, 'J');
  await slot(page, 'Key 2');
  await keycode(page, 'K');
  await slot(page, 'Output');
  await keycode(page, 'Esc, Escape');
  await expect.poll(() => vialEntry(page, 'combo', 0)).toEqual([0x0d, 0, 0x0e, 0, 0, 0, 0, 0, 0x29, 0]);

  await pane(page, 'Key Overrides');
  await page.getByRole('checkbox', { name: 'Enabled' }).check();
  await slot(page, 'Trigger');
  await keycode(page, 'Bksp, Backspace');
  await slot(page, 'Replacement');
  await keycode(page, 'Del, Delete');
  await page
    .getByRole('group', { name: 'Trigger modifiers' })
    .getByRole('checkbox', { name: 'Left Shift' })
    .check();
  await page
    .getByRole('group', { name: 'Active on layers' })
    .getByRole('button', { name: 'Layer 3' })
    .click();
  await expect
    .poll(() => vialEntry(page, 'keyOverride', 0))
    .toEqual([0x2a, 0, 0x4c, 0, 0xf7, 0xff, 0x02, 0, 0, 0x87]);

  await pane(page, 'QMK Settings');
  await page.getByLabel('Tapping term').fill('250');
  await page.getByLabel('Tapping term').press('Enter');
  await expect.poll(() => qmkSetting(page, 7)).toEqual([0xfa, 0]);
  await page.getByRole('checkbox', { name: 'N-key rollover' }).check();
  await expect.poll(() => qmkSetting(page, 21)).toEqual([0x80, 0, 0, 0]);
}

test('tap dance, combo, key override and QMK setting are written to the keyboard and read back', async ({
  page,
}) => {
  await openVialDemo(page);
  await editAll(page);
  // The keymap offers the board's tap dance keys.
  await pane(page, 'Keymap');
  await page
    .getByTestId('keyboard-canvas')
    .getByRole('button', { name: /^row 2, column 0:/ })
    .click();
  await page.getByRole('button', { name: 'Custom', exact: true }).click();
  await keycode(page, 'TD 0, Tap dance 0');
  await expect.poll(() => eepromKey(page, 0, 2, 0)).toBe(0x5700);
  // A fresh page reads them back from the keyboard's EEPROM.
  await page.reload();
  await expect(page.getByRole('button', { name: 'Tap Dance', exact: true })).toBeVisible();
  await pane(page, 'Tap Dance');
  await expect(page.getByRole('radio', { name: /^On tap:/ })).toContainText('KC_A');
  await expect(page.getByLabel('Tapping term')).toHaveValue('180');
  await pane(page, 'QMK Settings');
  await expect(page.getByLabel('Tapping term')).toHaveValue('250');
  await expect(page.getByRole('checkbox', { name: 'N-key rollover' })).toBeChecked();
});

test('tap dance and combo slots set the key name apart from its code, as the keycode fields of the VIA panes do', async ({
  page,
}) => {
  await openVialDemo(page);
  for (const [name, slotName] of [
    ['Tap Dance', 'On tap'],
    ['Combos', 'Key 1'],
  ] as const) {
    await pane(page, name);
    const chosen = page.getByRole('radio', { name: new RegExp(`^${slotName}:`) });
    await expect(chosen).toContainText('Nothing');
    const look = await chosen.evaluate((slot) => {
      const name = slot.querySelector('.encoder-value-name');
      const code = slot.querySelector('code');
      const probe = document.createElement('span');
      probe.style.color = 'var(--color-muted)';
      probe.style.fontSize = 'var(--font-size-xs)';
      document.body.append(probe);
      const theme = getComputedStyle(probe);
      const wanted = { color: theme.color, size: theme.fontSize };
      probe.remove();
      const style = (e: Element | null) => (e ? getComputedStyle(e) : null);
      return {
        name: name?.textContent,
        nameWeight: style(name)?.fontWeight,
        code: code?.textContent,
        codeColour: style(code)?.color,
        codeSize: style(code)?.fontSize,
        nameColour: style(name)?.color,
        wanted,
      };
    });
    // The name bold as a legend, the code small and muted, as keycodePicker.css's .keycode-field shows them.
    expect(look).toMatchObject({ name: 'Nothing', nameWeight: '600', code: 'KC_NO' });
    expect({ colour: look.codeColour, size: look.codeSize }).toEqual({
      colour: look.wanted.color,
      size: look.wanted.size,
    });
    expect(look.nameColour).not.toBe(look.codeColour);
  }
});

test("key overrides offer only the keyboard's 4 layers; mask bits beyond them are named and kept", async ({
  page,
}) => {
  await openVialDemo(page);
  await pane(page, 'Key Overrides');
  const layers = page.getByRole('group', { name: 'Active on layers' });
  // One labelled group (the fieldset and its legend): a second one inside would be read out twice.
  await expect(layers).toHaveCount(1);
  await expect(layers.getByRole('button', { name: /^Layer \d+$/ })).toHaveText(['0', '1', '2', '3']);
  // Vial's default mask is every bit (0xFFFF): the 12 beyond the board are said, not shown as buttons.
  const beyond = page.getByTestId('key-override-layers-beyond');
  await expect(beyond).toHaveText(
    'Layers 4–15 are set too, but this keyboard has 4 layers: they do nothing here and are kept as they are.',
  );
  // A layer turned off keeps the bits beyond the board (bytes 4–5: the mask, little-endian).
  await layers.getByRole('button', { name: 'Layer 1' }).click();
  await expect(layers.getByRole('button', { name: 'Layer 1' })).toHaveAttribute('aria-pressed', 'false');
  await expect.poll(async () => (await vialEntry(page, 'keyOverride', 0))?.slice(4, 6)).toEqual([0xfd, 0xff]);
  await layers.getByRole('button', { name: 'None' }).click();
  await expect.poll(async () => (await vialEntry(page, 'keyOverride', 0))?.slice(4, 6)).toEqual([0, 0]);
  await expect(beyond).toHaveCount(0);
  await layers.getByRole('button', { name: 'All' }).click();
  await expect.poll(async () => (await vialEntry(page, 'keyOverride', 0))?.slice(4, 6)).toEqual([0xff, 0xff]);
  await expect(beyond).toBeVisible();
});

test('a failed write is named, and the pane shows what the keyboard holds; out-of-range numbers are not sent', async ({
  page,
}) => {
  await openVialDemo(page);
  await pane(page, 'Combos');
  // The fault below takes the next Vial request: the keyboard's own reads (the lock status, the pane's entries) are
  // done first, so it is the write's (queued earlier, a late read took it about one run in five on a busy machine).
  await expect(page.getByRole('status').filter({ hasText: 'Vial: locked' })).toBeVisible();
  await slot(page, 'Key 1');
  await expect(page.getByRole('radio', { name: /^Key 1:/ })).toBeChecked();
  // The write's reply comes back garbled (status ≠ 0): the message names it, and the pane reads the entry once more
  // to show what the keyboard really holds (here the write had landed; a real refusal shows the old keys).
  await injectFault(page, { kind: 'overwrite', offset: 0, bytes: [1] }, { command: 0xfe, times: 1 });
  await keycode(page, 'J');
  await expect(page.getByRole('alert')).toContainText('Not saved on the keyboard');
  await expect(page.getByRole('alert')).toContainText('The keyboard refused combo 0');
  await expect(page.getByRole('radio', { name: /^Key 1:/ })).toContainText('KC_J');
  expect(await vialEntry(page, 'combo', 0)).toEqual([0x0d, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
  await page.getByRole('button', { name: 'Dismiss' }).click();
  await expect(page.getByRole('alert')).toBeHidden();

  await pane(page, 'QMK Settings');
  await page.getByLabel('Tapping term').fill('99999');
  await expect(page.getByText('Enter a whole number from 0 to 10000.')).toBeVisible();
  await page.getByLabel('Tapping term').press('Enter');
  expect(await qmkSetting(page, 7)).toEqual([0xc8, 0]);
});

test('reset QMK settings asks first, then puts the defaults back', async ({ page }) => {
  await openVialDemo(page);
  await pane(page, 'QMK Settings');
  await page.getByLabel('Tapping term').fill('300');
  await page.getByLabel('Tapping term').press('Enter');
  await expect.poll(() => qmkSetting(page, 7)).toEqual([0x2c, 0x01]);
  await page.getByRole('button', { name: 'Reset to defaults' }).click();
  await expect(page.getByRole('alertdialog', { name: 'Reset QMK settings?' })).toBeVisible();
  await page.getByRole('button', { name: 'Cancel' }).click();
  expect(await qmkSetting(page, 7)).toEqual([0x2c, 0x01]);
  await page.getByRole('button', { name: 'Reset to defaults' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Reset' }).click();
  await expect.poll(() => qmkSetting(page, 7)).toEqual([0xc8, 0]);
  await expect(page.getByLabel('Tapping term')).toHaveValue('200');
});

test('Save and Load keep tap dance, combos, key overrides and QMK settings', async ({ page }) => {
  await openVialDemo(page);
  await editAll(page);
  await pane(page, 'Save + Load');
  const downloadPromise = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  const saved = await readFile((await (await downloadPromise).path())!, 'utf8');
  const file = JSON.parse(saved) as { vial: Record<string, unknown> };
  expect(file.vial).toMatchObject({
    tapDance: expect.arrayContaining([
      { onTap: 'KC_A', onHold: 'KC_LCTL', onDoubleTap: 'KC_NO', onTapHold: 'KC_NO', tappingTerm: 180 },
    ]),
    settings: expect.objectContaining({ '7': 250, '21': 128 }),
  });

  // Change everything back on the keyboard, then load the file.
  await pane(page, 'QMK Settings');
  await page.getByRole('button', { name: 'Reset to defaults' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Reset' }).click();
  await expect.poll(() => qmkSetting(page, 7)).toEqual([0xc8, 0]);
  await pane(page, 'Tap Dance');
  await slot(page, 'On tap');
  await keycode(page, 'B');
  await expect.poll(() => vialEntry(page, 'tapDance', 0)).toEqual([0x05, 0, 0xe0, 0, 0, 0, 0, 0, 0xb4, 0]);

  const dir = await mkdtemp(path.join(tmpdir(), 'kl-vial-'));
  const saveFile = path.join(dir, 'keyloom_vial_60.layout.json');
  await writeFile(saveFile, saved);
  await pane(page, 'Save + Load');
  await page.getByLabel('Load Saved Layout').setInputFiles(saveFile);
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect.poll(() => vialEntry(page, 'tapDance', 0)).toEqual([0x04, 0, 0xe0, 0, 0, 0, 0, 0, 0xb4, 0]);
  await expect.poll(() => qmkSetting(page, 7)).toEqual([0xfa, 0]);
  await expect.poll(() => qmkSetting(page, 21)).toEqual([0x80, 0, 0, 0]);
  expect(await vialEntry(page, 'combo', 0)).toEqual([0x0d, 0, 0x0e, 0, 0, 0, 0, 0, 0x29, 0]);
  expect(await vialEntry(page, 'keyOverride', 0)).toEqual([0x2a, 0, 0x4c, 0, 0xf7, 0xff, 0x02, 0, 0, 0x87]);
});

test('a .vil saved by Vial imports keymap, tap dance, combos, key overrides and settings', async ({
  page,
}) => {
  await openVialDemo(page);
  await pane(page, 'Save + Load');
  await page
    .getByLabel('Import a Vial layout (.vil)')
    .setInputFiles(path.join(VIAL_LAYOUTS_DIR, 'keyloom-vial-60.vil'));
  await page.getByRole('button', { name: 'Apply' }).click();
  // The file's macros are written too, which a locked Vial board refuses: the load asks for the unlock first,
  // and nothing of the file (the Vial part included) is written while it waits (e2e/vialLock.spec.ts).
  const unlock = page.getByRole('dialog', { name: 'Unlock Keyloom Vial 60' });
  await expect(unlock).toContainText('This layout writes macros');
  expect(await qmkSetting(page, 21)).toEqual([0, 0, 0, 0]);
  await holdUnlockKeys(page, true);
  await expect(unlock).toBeHidden();
  await holdUnlockKeys(page, false);
  await expect(page.getByText('Layout loaded onto the keyboard.')).toBeVisible();
  // Colemak: row 1, column 3 is F; Caps Lock holds TD(0).
  await expect.poll(() => eepromKey(page, 0, 1, 3)).toBe(0x09);
  expect(await eepromKey(page, 0, 2, 0)).toBe(0x5700);
  await expect.poll(() => vialEntry(page, 'tapDance', 0)).toEqual([0x29, 0, 0xe0, 0, 0x39, 0, 0, 0, 0xaf, 0]);
  await expect.poll(() => qmkSetting(page, 21)).toEqual([0x80, 0, 0, 0]);
  expect(await vialEntry(page, 'combo', 0)).toEqual([0x0d, 0, 0x0e, 0, 0, 0, 0, 0, 0x29, 0]);
  expect(await vialEntry(page, 'keyOverride', 0)).toEqual([
    0x2a, 0, 0x4c, 0, 0xff, 0xff, 0x02, 0, 0x02, 0x87,
  ]);
  expect(await qmkSetting(page, 7)).toEqual([0xbe, 0]);
  // The keyboard's own file: its layout options are applied as vial-gui applies them, not left out.
  await expect(page.getByText('layout options were not applied')).toHaveCount(0);
});

test('a VIA keyboard shows no Vial panes and saves files without the vial object', async ({ page }) => {
  await page.goto('/?virtual=aurora75#/');
  await expect(page.getByTestId('keyboard-canvas')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save + Load', exact: true })).toBeVisible();
  for (const name of ['Tap Dance', 'Combos', 'Key Overrides', 'QMK Settings'])
    await expect(page.getByRole('button', { name, exact: true })).toHaveCount(0);
  await pane(page, 'Save + Load');
  const downloadPromise = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  const saved = JSON.parse(await readFile((await (await downloadPromise).path())!, 'utf8')) as object;
  expect(saved).not.toHaveProperty('vial');
});

test('a combo is filled by picking its keys one after another: each pick moves to the next slot', async ({
  page,
}) => {
  await openVialDemo(page);
  await pane(page, 'Combos');
  await slot(page, 'Key 1');
  await keycode(page, 'J');
  await expect(page.getByRole('radio', { name: /^Key 2:/ })).toBeChecked();
  await keycode(page, 'K');
  await expect(page.getByRole('radio', { name: /^Key 3:/ })).toBeChecked();
  await expect.poll(() => vialEntry(page, 'combo', 0)).toEqual([0x0d, 0, 0x0e, 0, 0, 0, 0, 0, 0, 0]);
});
