import { test, expect, type Page } from '@playwright/test';
import { readFile, writeFile, mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eepromKey, firmware, injectFault } from './helpers.ts';

// Command ids (via-protocol.md §1).
const MACRO_SET_BUFFER = 0x0f;
const KEYMAP_SET_BUFFER = 0x13;
const SET_ENCODER = 0x15;

const NEW_TEXT = 'hunt'.repeat(15);
const OLD_TEXT = 'OLD'.repeat(20);

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => {
    localStorage.setItem('keyloom-virtual-keyboards', '[]');
    delete (window as unknown as Record<string, unknown>).showSaveFilePicker;
  });
});

/** What macro M`i` plays on the keyboard now (null: the firmware plays nothing). */
const played = async (page: Page, i: number) => {
  const bytes = await firmware<number[] | null>(page, 'playMacro', i);
  return bytes && String.fromCharCode(...bytes);
};

async function saveMacroText(page: Page, text: string) {
  const script = page.getByLabel('Macro M0');
  await script.fill(text);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
}

test.describe('macro save under faults', () => {
  test('a failed save keeps the flag raised (no corrupt macro plays); Retry and Put back work', async ({
    page,
  }) => {
    await page.goto('/?virtual=aurora75#/');
    await page.getByRole('button', { name: 'Macros' }).click();
    await page.getByRole('tab', { name: 'Script' }).click();
    await saveMacroText(page, OLD_TEXT);
    await expect.poll(() => played(page, 0)).toBe(OLD_TEXT);

    // Flag raised and the first chunk written, then the second chunk fails.
    await injectFault(page, { kind: 'error238' }, { command: MACRO_SET_BUFFER, after: 2 });
    await saveMacroText(page, NEW_TEXT);
    const fault = page.getByTestId('macro-fault');
    await expect(fault).toContainText('Saving the macros did not finish: Error: 238');
    await expect(fault).toContainText('The keyboard plays no macro until the macros are written again');
    // The buffer is half new, half old, and the keyboard refuses to play it.
    expect(await played(page, 0)).toBeNull();
    // The user's text is still in the editor.
    await expect(page.getByLabel('Macro M0')).toHaveValue(NEW_TEXT);

    await fault.getByRole('button', { name: 'Retry' }).click();
    await expect(fault).toBeHidden();
    await expect.poll(() => played(page, 0)).toBe(NEW_TEXT);

    await injectFault(page, { kind: 'error238' }, { command: MACRO_SET_BUFFER, after: 1 });
    await saveMacroText(page, 'short');
    await expect(fault).toBeVisible();
    expect(await played(page, 0)).toBeNull();
    await fault.getByRole('button', { name: 'Put back the previous macros' }).click();
    await expect(page.getByText('The previous macros are back on the keyboard.')).toBeVisible();
    await expect.poll(() => played(page, 0)).toBe(NEW_TEXT);
  });
});

/** Saves the current layout, changes it, and returns a file path to load. */
async function changedLayoutFile(page: Page, change: (layout: LayoutJson) => void): Promise<string> {
  const downloadPromise = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  const layout = JSON.parse(await readFile((await (await downloadPromise).path())!, 'utf8')) as LayoutJson;
  change(layout);
  const dir = await mkdtemp(path.join(tmpdir(), 'kl-safety-'));
  const file = path.join(dir, 'keyloom_aurora_75.layout.json');
  await writeFile(file, JSON.stringify(layout));
  return file;
}

interface LayoutJson {
  layers: string[][];
  macros: string[];
  encoders?: [string, string][][];
}

async function openSaveLoad(page: Page) {
  await page.goto('/?virtual=aurora75#/');
  // Generous: on a busy machine plugging in and loading the demo keyboard can take a while.
  await expect(page.getByTestId('keyboard-canvas')).toBeVisible();
  await page.getByRole('button', { name: 'Save + Load' }).click();
}

/** Macros, keymap blocks 4 and 8 (keys (3,1) and layer 1 (0,0)), encoder 0 clockwise on layer 0. */
const bigChange = (l: LayoutJson) => {
  l.macros[0] = NEW_TEXT;
  l.layers[0]![3 * 16 + 1] = 'KC_Z';
  l.layers[1]![0] = 'KC_F13';
  l.encoders![0]![0] = ['KC_F14', 'KC_F15'];
};

/** Loads a layout file: the preview of its changes comes first, then Apply writes it. */
async function loadFile(page: Page, file: string) {
  await page.getByLabel('Load Saved Layout').setInputFiles(file);
  await page.getByTestId('load-preview').getByRole('button', { name: 'Apply' }).click();
}

test.describe('layout load as a transaction', () => {
  const PHASES: [string, number, number, RegExp[]][] = [
    [
      'macros',
      MACRO_SET_BUFFER,
      2,
      [/It stopped while writing the macros: Error: 238/, /The macros are half written/],
    ],
    [
      'keymap block 2',
      KEYMAP_SET_BUFFER,
      1,
      [
        /The keyboard is partly changed: macros and 1 of 2 keymap blocks were written\./,
        /It stopped while writing keymap block 2: Error: 238/,
      ],
    ],
    [
      'encoders',
      SET_ENCODER,
      0,
      [
        /The keyboard is partly changed: macros and 2 of 2 keymap blocks were written\./,
        /It stopped while writing an encoder key/,
      ],
    ],
  ];

  for (const [phase, command, after, messages] of PHASES) {
    test(`a fault at ${phase}: the page names the state; Retry finishes; Restore puts the layout back`, async ({
      page,
    }) => {
      await openSaveLoad(page);
      const beforeEncoder = await firmware(page, 'getEncoderKeycode', 0, 0, true);
      const file = await changedLayoutFile(page, bigChange);

      await injectFault(page, { kind: 'error238' }, { command, after });
      await loadFile(page, file);
      const fault = page.getByTestId('layout-fault');
      await expect(fault).toContainText('Loading the layout did not finish.');
      for (const message of messages) await expect(fault).toContainText(message);
      // Never a corrupt macro: the old one, the new one, or none.
      expect([null, '', NEW_TEXT]).toContain(await played(page, 0));

      await fault.getByRole('button', { name: 'Retry' }).click();
      await expect(page.getByText('Layout loaded onto the keyboard.')).toBeVisible();
      await expect(fault).toBeHidden();
      expect(await eepromKey(page, 0, 3, 1)).toBe(0x1d);
      expect(await eepromKey(page, 1, 0, 0)).toBe(0x68);
      expect(await played(page, 0)).toBe(NEW_TEXT);

      // Undo the load, then the same fault again and Restore: the keyboard is as before the load.
      const undo = page.getByRole('button', { name: 'Undo the last change', exact: true });
      await undo.click();
      // History moves before the keyboard answers (the button greys at once): wait for the board itself.
      await expect(undo).toBeDisabled();
      await expect.poll(() => eepromKey(page, 0, 3, 1)).toBe(0x04);
      await injectFault(page, { kind: 'error238' }, { command, after });
      await loadFile(page, file);
      await expect(fault).toBeVisible();
      await fault.getByRole('button', { name: 'Restore the previous layout' }).click();
      await expect(
        page.getByText('The previous layout is back on the keyboard (checked by reading it back).'),
      ).toBeVisible();
      expect(await eepromKey(page, 0, 3, 1)).toBe(0x04);
      expect(await eepromKey(page, 1, 0, 0)).not.toBe(0x68);
      expect(await firmware(page, 'getEncoderKeycode', 0, 0, true)).toBe(beforeEncoder);
      expect(await played(page, 0)).toBe('');
    });
  }

  test('undo after a load restores the keymap before it; the backup keeps the layout before the first load', async ({
    page,
  }) => {
    await openSaveLoad(page);
    const first = await changedLayoutFile(page, (l) => (l.layers[0]![3 * 16 + 1] = 'KC_Z'));
    const second = await changedLayoutFile(page, (l) => (l.layers[0]![3 * 16 + 1] = 'KC_X'));
    await loadFile(page, first);
    await expect(page.getByText('Layout loaded onto the keyboard.')).toBeVisible();
    await expect.poll(() => eepromKey(page, 0, 3, 1)).toBe(0x1d);
    await loadFile(page, second);
    await expect.poll(() => eepromKey(page, 0, 3, 1)).toBe(0x1b);

    // Undo: one step per load.
    await page.getByRole('button', { name: 'Undo the last change', exact: true }).click();
    await expect.poll(() => eepromKey(page, 0, 3, 1)).toBe(0x1d);
    await page.getByRole('button', { name: 'Undo the last change', exact: true }).click();
    await expect.poll(() => eepromKey(page, 0, 3, 1)).toBe(0x04);
    await page.getByRole('button', { name: 'Redo the change undone', exact: true }).click();
    await expect.poll(() => eepromKey(page, 0, 3, 1)).toBe(0x1d);

    // The backup row holds the layout before the first load (KC_A), not before the second.
    await expect(page.getByText('Layout before the first load of this session')).toBeVisible();
    await page.getByRole('button', { name: 'Restore', exact: true }).click();
    await page.getByTestId('load-preview').getByRole('button', { name: 'Apply' }).click();
    await expect.poll(() => eepromKey(page, 0, 3, 1)).toBe(0x04);
  });
});

test('start-up with corrupt stored values: the app starts and the Errors page names each one', async ({
  page,
}) => {
  await page.addInitScript(() => {
    if (sessionStorage.getItem('seeded')) return;
    sessionStorage.setItem('seeded', '1');
    localStorage.setItem('keyloom-design-drafts', '{"v2":[{}],"v3":[]}');
    localStorage.setItem('via-app-store', '{"language":"xx"');
    localStorage.setItem('keyloom-vk-eeprom:aurora75', '%%%');
    localStorage.setItem(`keyloom-layout-backup:${0x4b4c0002}`, '{"savedAt":"yesterday"}');
  });
  await page.goto('/?virtual=aurora75#/');
  await expect(page.getByTestId('keyboard-canvas')).toBeVisible();
  await page.getByRole('button', { name: 'Save + Load' }).click();
  // The pane (loaded on demand) reads the backup when it shows: wait for it before leaving.
  await expect(page.getByRole('button', { name: 'Save', exact: true })).toBeVisible();
  await page.evaluate(() => (window.location.hash = '#/errors'));
  for (const key of [
    'keyloom-design-drafts',
    'via-app-store',
    'keyloom-vk-eeprom:aurora75',
    `keyloom-layout-backup:${0x4b4c0002}`,
  ])
    await expect(page.getByText(`Stored data "${key}" was not valid and was dropped`)).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('keyloom-design-drafts'))).not.toContain('{}');
});
