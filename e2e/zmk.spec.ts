import { readFile, writeFile } from 'node:fs/promises';
import { test, expect } from '@playwright/test';
import { withoutRememberedKeyboards } from './helpers.ts';
import { canvas, key, keyOnKeyboard, onZmk, openUnlocked } from './zmkHelpers.ts';

// The virtual ZMK keyboard (src/virtual-keyboard/zmk/) behind its virtual USB serial port, as a person uses it:
// the lock, bindings, save and discard, layers, physical layouts, and the faults a real link has.

test.beforeEach(async ({ page }) => {
  await withoutRememberedKeyboards(page);
});

test('locked: what waits is shown; unlocked, a binding changes, stays unsaved until Save, and is there after a reload', async ({
  page,
}) => {
  await page.goto('/?virtual=zmk-demo#/');
  const lock = page.getByTestId('zmk-lock');
  await expect(lock).toContainText('Press the key bound to Studio Unlock');
  await expect(lock).toContainText("Reading the behaviors' parameters");
  await lock.getByRole('button', { name: 'Press the unlock key (virtual keyboard)' }).click();
  await expect(page.getByTestId('zmk-unsaved')).toContainText('All changes are saved');
  // Layers by the keyboard's names; key 1 on Base is Q.
  await expect(page.getByRole('button', { name: 'Layer 1: Lower' })).toBeVisible();
  await expect(key(page, 1)).toHaveAccessibleName('Key 1: Q');

  await key(page, 1).click();
  await page.getByRole('group', { name: 'Basic' }).getByRole('button', { name: 'B', exact: true }).click();
  // The key shows its new binding at once, the keyboard has it, and the page says it is not saved.
  await expect(key(page, 1)).toHaveAccessibleName('Key 1: B');
  await expect.poll(() => keyOnKeyboard(page, 0, 1)).toMatchObject({ param1: 0x070005 });
  await expect(page.getByTestId('zmk-unsaved')).toContainText('Unsaved changes');

  await page.getByTestId('zmk-unsaved').getByRole('button', { name: 'Save' }).click();
  await expect(page.getByTestId('zmk-unsaved')).toContainText('All changes are saved');

  await page.reload();
  await page
    .getByTestId('zmk-lock')
    .getByRole('button', { name: /Press the unlock key/ })
    .click();
  await expect(key(page, 1)).toHaveAccessibleName('Key 1: B');
});

test('Discard puts back what was saved, after asking', async ({ page }) => {
  await openUnlocked(page);
  await key(page, 2).click();
  await page.getByLabel('Behavior').selectOption({ label: 'Momentary Layer' });
  // Nothing is guessed: the layer is chosen before the keyboard gets the binding.
  await expect(key(page, 2)).toHaveAccessibleName('Key 2: W');
  await page
    .getByRole('region', { name: 'Key 2 on Base' })
    .getByLabel('Layer')
    .selectOption({ label: 'Adjust' });
  await expect(key(page, 2)).toHaveAccessibleName(/^Key 2: Momentary Layer: Adjust, MO Ad/);
  const bar = page.getByTestId('zmk-unsaved');
  await bar.getByRole('button', { name: 'Discard' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Discard the unsaved changes?' });
  await dialog.getByRole('button', { name: 'Discard' }).click();
  await expect(bar).toContainText('All changes are saved');
  await expect(key(page, 2)).toHaveAccessibleName('Key 2: W');
  await expect.poll(() => keyOnKeyboard(page, 0, 2)).toMatchObject({ param1: 0x07001a });
});

test('layers: add, rename, move, remove and restore in the layer menu (as on a VIA board), each on the keyboard', async ({
  page,
}) => {
  await openUnlocked(page);
  await page.getByRole('button', { name: 'Layer tools' }).click();
  const menu = page.getByRole('dialog', { name: 'Layer tools' });
  await expect(menu.getByText('2 spare layers left')).toBeVisible();
  await menu.getByRole('button', { name: 'Add layer' }).click();
  await expect(menu.getByText('1 spare layer left')).toBeVisible();
  // The keyboard keeps the name: its limit is in bytes, from the keymap.
  await expect(menu.getByText(/^Up to \d+ bytes/)).toBeVisible();
  // A name once given cannot be cleared on the keyboard: an empty field offers no Save.
  await menu.getByLabel('Name of layer 4').fill('  ');
  await expect(menu.getByRole('button', { name: 'Save name' })).toBeDisabled();
  await menu.getByLabel('Name of layer 4').fill('Symbols');
  await menu.getByRole('button', { name: 'Save name' }).click();
  await expect(page.getByRole('button', { name: 'Layer 4: Symbols' })).toBeVisible();
  await expect.poll(() => onZmk(page, (k) => k.firmware.keymap.layerName(4), null)).toBe('Symbols');

  await menu.getByRole('button', { name: 'Move up' }).click();
  await expect(page.getByRole('button', { name: 'Layer 3: Symbols' })).toBeVisible();
  await expect.poll(() => onZmk(page, (k) => k.firmware.keymap.layerIds(), null)).toEqual([0, 1, 2, 4, 3]);

  await menu.getByRole('button', { name: 'Remove layer' }).click();
  await expect(page.getByRole('button', { name: 'Layer 3: Adjust' })).toBeVisible();
  await expect.poll(() => onZmk(page, (k) => k.firmware.keymap.layerIds(), null)).toEqual([0, 1, 2, 3]);
  await menu.getByRole('button', { name: 'Restore Symbols' }).click();
  await expect(page.getByRole('button', { name: 'Layer 4: Symbols' })).toBeVisible();
  await expect.poll(() => onZmk(page, (k) => k.firmware.keymap.layerIds(), null)).toEqual([0, 1, 2, 3, 4]);
  await menu.press('Escape');
  await expect(page.getByTestId('zmk-unsaved')).toContainText('Unsaved changes');
});

test('keyboard only: Move up and Move down keep the focus, so Enter again moves the layer again', async ({
  page,
}) => {
  await openUnlocked(page);
  await page.getByRole('button', { name: 'Layer tools' }).click();
  const menu = page.getByRole('dialog', { name: 'Layer tools' });
  await menu.getByRole('button', { name: 'Add layer' }).click();
  await expect(menu.getByLabel('Name of layer 4')).toBeVisible();
  const up = menu.getByRole('button', { name: 'Move up' });
  await up.focus();
  await page.keyboard.press('Enter');
  await expect.poll(() => onZmk(page, (k) => k.firmware.keymap.layerIds(), null)).toEqual([0, 1, 2, 4, 3]);
  await expect(menu.getByLabel('Name of layer 3')).toBeVisible();
  await expect(up).toBeFocused();
  await page.keyboard.press('Enter');
  await expect.poll(() => onZmk(page, (k) => k.firmware.keymap.layerIds(), null)).toEqual([0, 1, 4, 2, 3]);
  await expect(menu.getByLabel('Name of layer 2')).toBeVisible();
  await expect(up).toBeFocused();

  const down = menu.getByRole('button', { name: 'Move down' });
  await down.focus();
  await page.keyboard.press('Enter');
  await expect.poll(() => onZmk(page, (k) => k.firmware.keymap.layerIds(), null)).toEqual([0, 1, 2, 4, 3]);
  await expect(menu.getByLabel('Name of layer 3')).toBeVisible();
  await expect(down).toBeFocused();
});

test('at 1400×900 Undo and Redo are in view on every pane; in the light theme the text fields wear its colours', async ({
  page,
}) => {
  await page.addInitScript(() =>
    localStorage.setItem('via-app-store', JSON.stringify({ themeMode: 'light' })),
  );
  await page.setViewportSize({ width: 1400, height: 900 });
  await openUnlocked(page);
  const panes = page.getByRole('navigation', { name: 'Configure panes' });
  // First in the pane column, as on the VIA keymap screen: not below the fold under a long pane.
  for (const pane of ['Keymap', 'Save + Load']) {
    await panes.getByRole('button', { name: pane, exact: true }).click();
    await expect(panes.getByRole('button', { name: 'Undo the last change' })).toBeInViewport();
    await expect(panes.getByRole('button', { name: 'Redo the change undone' })).toBeInViewport();
  }
  // Save + Load's actions keep their labels on one line beside a long hint (they wrapped into two).
  const height = (name: string) =>
    page
      .getByRole('button', { name, exact: true })
      .evaluate((button) => button.getBoundingClientRect().height);
  expect(await height('Download .keymap')).toBe(await height('Print keymap'));
  expect(await height('Choose .keymap file…')).toBe(await height('Print keymap'));

  await page.getByRole('button', { name: 'Layer tools' }).click();
  const field = page.getByRole('dialog', { name: 'Layer tools' }).getByLabel('Name of layer 0');
  const look = await field.evaluate((input) => {
    const style = getComputedStyle(input);
    const probe = document.createElement('div');
    probe.style.background = 'var(--color-surface-2)';
    probe.style.borderColor = 'var(--color-border)';
    document.body.append(probe);
    const theme = getComputedStyle(probe);
    const wanted = { background: theme.backgroundColor, border: theme.borderTopColor };
    probe.remove();
    return { background: style.backgroundColor, border: style.borderTopColor, wanted };
  });
  expect({ background: look.background, border: look.border }).toEqual(look.wanted);
  // The light theme's own field colour, not the browser's white.
  expect(look.background).toBe('rgb(236, 235, 231)');
});

test('switching the physical layout draws the other one and keeps bindings by position', async ({ page }) => {
  await openUnlocked(page);
  await expect(canvas(page).locator('[data-key-index]')).toHaveCount(42);
  await key(page, 1).click();
  await page.getByRole('group', { name: 'Basic' }).getByRole('button', { name: 'B', exact: true }).click();
  await page.getByLabel('Physical layout').selectOption({ label: '5 columns' });
  // Asked first, saying what the switch hides and that undo starts afresh; nothing happens until confirmed.
  const ask = page.getByRole('alertdialog', { name: 'Switch to the physical layout “5 columns”?' });
  await expect(ask).toContainText('6 keys of the layout shown now are not on “5 columns”');
  await expect(ask).toContainText('Undo cannot take back the 1 change made so far');
  await ask.getByRole('button', { name: 'Cancel' }).click();
  await expect(canvas(page).locator('[data-key-index]')).toHaveCount(42);
  await expect(page.getByLabel('Physical layout')).toHaveValue('0');
  await page.getByLabel('Physical layout').selectOption({ label: '5 columns' });
  await ask.getByRole('button', { name: 'Switch layout' }).click();
  await expect(canvas(page).locator('[data-key-index]')).toHaveCount(36);
  // The 5-column layout leaves out the outer columns: its first key is the 6-column layout's second (now B).
  await expect(key(page, 0)).toHaveAccessibleName('Key 0: B');
  await expect(page.getByTestId('zmk-unsaved')).toContainText('Unsaved changes');
});

test('a dropped reply and frames split byte by byte are survived, with a clear message', async ({ page }) => {
  await openUnlocked(page);
  await onZmk(
    page,
    (k) => {
      k.faults.splitEveryByte = true;
      k.faults.garbage = Uint8Array.of(0x00, 0x42);
      k.faults.dropReplies = 1;
    },
    null,
  );
  await key(page, 1).click();
  await page.getByRole('group', { name: 'Basic' }).getByRole('button', { name: 'B', exact: true }).click();
  const note = page.getByTestId('zmk-failure');
  await expect(note).toContainText('The keyboard did not answer in time');
  await expect(note).toContainText('Keyloom read the keymap again');
  // The keyboard did take it (only its answer was lost): the key shows what the keyboard holds.
  await expect(key(page, 1)).toHaveAccessibleName('Key 1: B');
  await expect.poll(() => keyOnKeyboard(page, 0, 1)).toMatchObject({ param1: 0x070005 });
  // The next change goes through the byte-by-byte replies as usual.
  await key(page, 2).click();
  await page.getByRole('group', { name: 'Basic' }).getByRole('button', { name: 'C', exact: true }).click();
  await expect.poll(() => keyOnKeyboard(page, 0, 2)).toMatchObject({ param1: 0x070006 });
  const panes = page.getByRole('navigation', { name: 'Configure panes' });
  await expect(panes.getByRole('button', { name: 'Undo the last change' })).toBeEnabled();
});

test('Export: the .keymap for a zmk-config with what it could not carry listed, and the .zmk.json for the CLI', async ({
  page,
}) => {
  await openUnlocked(page);
  await page
    .getByRole('navigation', { name: 'Configure panes' })
    .getByRole('button', { name: 'Save + Load' })
    .click();
  const pane = page.getByTestId('zmk-export');
  const download = async (button: string) => {
    const file = page.waitForEvent('download');
    await pane.getByRole('button', { name: button }).click();
    const done = await file;
    return { name: done.suggestedFilename(), text: await readFile((await done.path())!, 'utf8') };
  };
  const keymap = await download('Download .keymap');
  expect(keymap.name).toBe('keyloom_split_42.keymap');
  expect(keymap.text).toContain('display-name = "Base";');
  // Base's top row, and its thumbs: &mo 1, &lt 2 RET, &sl 3 (layer parameters as written indexes).
  expect(keymap.text).toMatch(/&kp TAB\s+&kp Q\s+&kp W/);
  expect(keymap.text).toMatch(/&mo 1\s+&kp SPACE\s+&lt 2 RET\s+&sl 3/);
  // What Studio never reports, in the user's language; the shown layout is the keymap's own, so no word on order.
  const notes = pane.getByTestId('export-notes');
  await expect(notes.locator('[data-kind="zmkLayoutOrder"]')).toHaveCount(0);
  expect(keymap.text).toContain('Keys in the keymap\'s own order, that of the physical layout "6 columns"');
  await expect(notes.locator('[data-kind="zmkNotReported"]')).toBeVisible();
  await expect(pane.getByRole('status')).toContainText('Written: keyloom_split_42.keymap');
  await pane.screenshot({ path: 'test-results/screenshots/zmk-export.png' });

  const snapshot = await download('Download .zmk.json');
  expect(snapshot.name).toBe('keyloom_split_42.zmk.json');
  expect(JSON.parse(snapshot.text)).toMatchObject({
    format: 'keyloom-zmk-keymap',
    keyboardName: 'Keyloom Split 42',
    keymap: { layers: [{ name: 'Base' }, { name: 'Lower' }, { name: 'Raise' }, { name: 'Adjust' }] },
  });
});

test('layer tools: fall-through, how a layer is reached, Find and All layers; an added layer nothing reaches', async ({
  page,
}) => {
  await openUnlocked(page);
  const layerButton = (name: string) => page.getByRole('button', { name, exact: true });
  const selectedKey = (position: number) =>
    expect(key(page, position)).toHaveAttribute('aria-pressed', 'true');
  await layerButton('Layer 1: Lower').click();
  // Lower's key 12 is &trans: it shows Base's &mt LCTRL ESC, marked as falling through, and says so.
  await expect(key(page, 12)).toHaveAccessibleName(
    /^Key 12: transparent → Mod-Tap: Left Ctrl, Escape \(layer 0\)/,
  );
  await expect(key(page, 12)).toHaveAttribute('data-mark', /through/);
  await expect(key(page, 1)).not.toHaveAttribute('data-mark', /through/);
  // &mo 1 on Base (position 37) and &tog 1 on Adjust (13) reach Lower; their positions are marked.
  const reach = page.getByTestId('layer-reach');
  await expect(reach).toContainText('Reached by: hold MO Lower on layer 0 toggle with TG Lower on layer 3');
  await expect(key(page, 37)).toHaveAttribute('data-mark', /reach/);
  await reach.getByRole('button', { name: 'toggle with TG Lower on layer 3' }).click();
  await expect(layerButton('Layer 3: Adjust')).toHaveAttribute('aria-pressed', 'true');
  await selectedKey(13);

  await page.getByRole('button', { name: 'Find', exact: true }).click();
  await page.getByRole('searchbox', { name: 'Find a keycode' }).fill('&mo');
  await expect(page.getByTestId('find-count')).toHaveText('3 found');
  await page
    .getByTestId('find-hits')
    .getByRole('button', { name: 'Layer 2: MO Adjust (Momentary Layer: Adjust)' })
    .click();
  await expect(layerButton('Layer 2: Raise')).toHaveAttribute('aria-pressed', 'true');
  await selectedKey(37);
  await expect(key(page, 37)).toHaveAttribute('data-mark', /hit/);

  await page.getByRole('button', { name: 'All layers' }).click();
  const overview = page.getByTestId('layers-overview');
  await expect(overview.getByRole('figure')).toHaveCount(4);
  await page.getByTestId('overview-layer-3').locator('[data-key-index="5"]').click();
  await expect(overview).toBeHidden();
  await expect(layerButton('Layer 3: Adjust')).toHaveAttribute('aria-pressed', 'true');
  await selectedKey(5);

  // A layer added from the spare slots: no key reaches it, and the page says why that may be fine.
  await page.getByRole('button', { name: 'Layer tools' }).click();
  await page.getByRole('dialog', { name: 'Layer tools' }).getByRole('button', { name: 'Add layer' }).click();
  await page.getByRole('dialog', { name: 'Layer tools' }).press('Escape');
  await expect(reach).toContainText('Nothing in this keymap reaches layer 4');
  await page.locator('.zmk-layer-bar').screenshot({ path: 'test-results/screenshots/zmk-layer-tools.png' });
});

test('keys rearranged as on VIA boards: drag to swap (one undo step), pick a key up and copy it to another layer', async ({
  page,
}) => {
  await openUnlocked(page);
  // Pointing at the keyboard loads the tools.
  await canvas(page).hover();
  await expect(page.locator('.keymap-tools-keyboard[data-tools]')).toBeAttached();
  const centre = async (position: number) => {
    const box = (await key(page, position).boundingBox())!;
    return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  };
  const [q, w] = [await centre(1), await centre(2)];
  await page.mouse.move(q.x, q.y);
  await page.mouse.down();
  await page.mouse.move(q.x + 20, q.y, { steps: 3 });
  await page.mouse.move(w.x, w.y, { steps: 5 });
  await page.mouse.up();
  await expect.poll(() => keyOnKeyboard(page, 0, 1)).toMatchObject({ param1: 0x07001a });
  await expect.poll(() => keyOnKeyboard(page, 0, 2)).toMatchObject({ param1: 0x070014 });
  await expect(key(page, 1)).toHaveAccessibleName(/^Key 1: W/);
  const panes = page.getByRole('navigation', { name: 'Configure panes' });
  await panes.getByRole('button', { name: 'Undo the last change' }).click();
  await expect.poll(() => keyOnKeyboard(page, 0, 1)).toMatchObject({ param1: 0x070014 });
  await expect.poll(() => keyOnKeyboard(page, 0, 2)).toMatchObject({ param1: 0x07001a });

  // Copy… picks E up; a click on Raise's transparent key 13 copies it there.
  await key(page, 3).click();
  await page.getByRole('button', { name: 'Copy…' }).click();
  const status = page.getByTestId('keymap-tools-status');
  await expect(status).toContainText('E (layer 0) picked up');
  await page.getByRole('button', { name: 'Layer 2: Raise', exact: true }).click();
  await key(page, 13).click();
  await expect.poll(() => keyOnKeyboard(page, 2, 13)).toMatchObject({ param1: 0x070008 });
  await expect(status).toContainText('Copied E from layer 0 to layer 2.');
  await expect(page.getByTestId('zmk-unsaved')).toContainText('Unsaved changes');
});

test('select by pressing: the key that types it is selected, several are all marked, unseen keys named', async ({
  page,
}) => {
  await openUnlocked(page);
  const status = page.getByTestId('keymap-tools-status');
  const pressToSelect = page.getByRole('button', { name: 'Select by pressing' });
  await pressToSelect.click();
  // &mo and &sl never reach the computer (&lt's tap does): they are said to be unselectable this way.
  await expect(status).toHaveText(
    'Press a key on your keyboard to select it. 2 keys cannot be selected this way, as the computer never sees them: MO Lower, SL Adjust.',
  );
  await expect(key(page, 37)).toHaveAttribute('data-mark', /unseen/);
  await page.keyboard.press('KeyQ');
  await expect(status).toHaveText('Q selected.');
  await expect(key(page, 1)).toHaveAttribute('aria-pressed', 'true');
  // Escape is on two keys: Base's &kp ESC and the tap of &mt LCTRL ESC.
  await pressToSelect.click();
  await page.keyboard.press('Escape');
  await expect(status).toContainText('2 keys type Esc');
  await expect(key(page, 12)).toHaveAttribute('data-mark', /candidate/);
  await expect(key(page, 35)).toHaveAttribute('data-mark', /candidate/);
  await expect(key(page, 12)).toHaveAttribute('aria-pressed', 'true');
});

test("the Save + Load pane's layer picture is the shared one: named after the keyboard and the shown layer", async ({
  page,
}) => {
  await openUnlocked(page);
  await page.getByRole('button', { name: 'Layer 1: Lower', exact: true }).click();
  await page
    .getByRole('navigation', { name: 'Configure panes' })
    .getByRole('button', { name: 'Save + Load', exact: true })
    .click();
  const [svg] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download SVG' }).click(),
  ]);
  expect(svg.suggestedFilename()).toBe('keyloom_split_42_layer_1_lower.svg');
  const text = await readFile((await svg.path())!, 'utf8');
  expect(text).toContain('Keyloom Split 42 · Layer 1 — Lower');
});

test("Save + Load: Print keymap's row says what it prints, as a VIA board's does; the picture's caption stands clear of the frame and the keys", async ({
  page,
}) => {
  await openUnlocked(page);
  await page
    .getByRole('navigation', { name: 'Configure panes' })
    .getByRole('button', { name: 'Save + Load', exact: true })
    .click();
  const printRow = page.locator('.row').filter({ has: page.getByRole('button', { name: 'Print keymap' }) });
  await expect(printRow.locator('.row-hint')).toHaveText(
    'Every layer, each on its own page, ready to print or save as PDF',
  );
  const [png] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download PNG' }).click(),
  ]);
  const bytes = await readFile((await png.path())!);
  const [svgFile] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download SVG' }).click(),
  ]);
  const svgText = await readFile((await svgFile.path())!, 'utf8');
  // The picture as a viewer draws it (a page of its own: the app's Content-Security-Policy would drop the file's
  // style attributes): the caption's box against the frame's top edge and the first key row.
  const viewer = await page.context().newPage();
  await viewer.setContent(svgText.replace(/^<\?xml[^>]*>/, ''));
  const gaps = await viewer.evaluate(() => {
    const svg = document.querySelector('svg')!;
    // Boxes as drawn (getBBox would leave out the keys' translate).
    const caption = [...svg.querySelectorAll('text')]
      .find((t) => t.textContent?.includes('·'))!
      .getBoundingClientRect();
    const frame = svg.querySelector('rect')!.getBoundingClientRect();
    const keys = svg.querySelector('g')!.getBoundingClientRect();
    const [, , width, height] = svg.getAttribute('viewBox')!.split(' ').map(Number);
    return { top: caption.y - frame.y, below: keys.y - (caption.y + caption.height), width, height };
  });
  await viewer.close();
  expect(gaps.top).toBeGreaterThanOrEqual(8);
  expect(gaps.below).toBeGreaterThanOrEqual(12);
  // The PNG is the same picture, caption band included, at twice its size (IHDR: width and height, big-endian).
  expect([bytes.readUInt32BE(16), bytes.readUInt32BE(20)]).toEqual([
    Math.round(gaps.width! * 2),
    Math.round(gaps.height! * 2),
  ]);
  await writeFile(test.info().outputPath('zmk-layer-picture.png'), bytes);
});

test('Swap on a ZMK keyboard says what it did: the keys change places, each layer keeps its name (kept on the keyboard)', async ({
  page,
}) => {
  await openUnlocked(page);
  const [base, lower] = [await keyOnKeyboard(page, 0, 1), await keyOnKeyboard(page, 1, 1)];
  await page.getByRole('button', { name: 'Layer tools' }).click();
  const panel = page.getByRole('dialog', { name: 'Layer tools' });
  await panel.getByLabel('Target layer').selectOption({ label: 'Layer 1: Lower' });
  await panel.getByRole('button', { name: 'Swap', exact: true }).click();
  await expect(panel.getByRole('status')).toHaveText(
    'Layers 0 and 1 swapped their keys; each keeps its name.',
  );
  await expect.poll(() => keyOnKeyboard(page, 0, 1)).toEqual(lower);
  expect(await keyOnKeyboard(page, 1, 1)).toEqual(base);
  // The names are where they were, on the keyboard and on the layer buttons.
  expect(
    await onZmk(page, (k) => [k.firmware.keymap.layerName(0), k.firmware.keymap.layerName(1)], null),
  ).toEqual(['Base', 'Lower']);
  await expect(page.getByRole('button', { name: 'Layer 0: Base', exact: true })).toBeVisible();
});

test("the layer menu is a VIA board's: Copy asks before replacing keys, says what it did with its Undo; Clear uses ZMK's own &trans", async ({
  page,
}) => {
  await openUnlocked(page);
  await page.getByRole('button', { name: 'Layer tools' }).click();
  const tools = page.getByRole('dialog', { name: 'Layer tools' });
  // The menu names the shown layer on the keyboard, as a VIA board's names it in the browser.
  await expect(tools.getByLabel('Name of layer 0')).toHaveValue('Base');
  await tools.getByLabel('Target layer').selectOption({ label: 'Layer 2: Raise' });
  await tools.getByRole('button', { name: 'Copy', exact: true }).click();
  const question = tools.getByRole('group', { name: /^Layer 2 has \d+ keys set\. Replace them/ });
  await question.getByRole('button', { name: 'Copy' }).click();
  await expect(tools.getByRole('status')).toHaveText('Layer 0 copied onto layer 2.');
  await expect.poll(() => keyOnKeyboard(page, 2, 1)).toMatchObject({ param1: 0x070014 });
  await expect(page.getByTestId('zmk-unsaved')).toContainText('Unsaved changes');
  await tools.getByRole('button', { name: 'Undo', exact: true }).click();
  await expect(tools.getByRole('status')).toHaveText('Undone.');
  await expect.poll(() => keyOnKeyboard(page, 2, 1)).not.toMatchObject({ param1: 0x070014 });
  await expect(tools.getByRole('button', { name: 'To transparent (&trans)' })).toBeVisible();
  await expect(tools.getByRole('button', { name: 'To nothing (&none)' })).toBeVisible();
  await tools.getByRole('button', { name: 'Close' }).click();
  await expect(tools).toBeHidden();
  await expect(page.getByRole('button', { name: 'Layer tools' })).toBeFocused();
});

test('the keyboard shortcuts are listed as on a VIA board, Enter saying what it does on a ZMK key', async ({
  page,
}) => {
  await openUnlocked(page);
  await page.getByRole('button', { name: 'Layer 1: Lower', exact: true }).click();
  await page.getByText('Shortcuts', { exact: true }).click();
  const list = page.locator('.keymap-tools-keys-list');
  await expect(list).toContainText('Select the focused key and show its binding (the Keymap pane).');
  await expect(list).toContainText('Pick the selected key up to swap, move or copy it');
  await expect(list).not.toContainText('Select the focused key and type any keycode for it');
});

test("Save + Load ends with the keyboard's own rows: its chip id, and Reset settings asked first", async ({
  page,
}) => {
  await openUnlocked(page);
  await key(page, 1).click();
  await page.getByRole('group', { name: 'Basic' }).getByRole('button', { name: 'B', exact: true }).click();
  await page.getByTestId('zmk-unsaved').getByRole('button', { name: 'Save' }).click();
  await expect(page.getByTestId('zmk-unsaved')).toContainText('All changes are saved');
  await page
    .getByRole('navigation', { name: 'Configure panes' })
    .getByRole('button', { name: 'Save + Load', exact: true })
    .click();
  await expect(page.locator('.pane-content')).toContainText('Chip id4B4C5A4D4B00002A');
  const reset = page.getByRole('button', { name: 'Reset settings' });
  await reset.click();
  const question = page.getByRole('alertdialog', { name: 'Reset the settings of Keyloom Split 42?' });
  await question.getByRole('button', { name: 'Cancel' }).click();
  expect(await keyOnKeyboard(page, 0, 1)).toMatchObject({ param1: 0x070005 });
  await reset.click();
  await question.getByRole('button', { name: 'Reset settings' }).click();
  // The keymap the firmware was built with: key 1 on Base is Q again, on the keyboard and on the page.
  await expect.poll(() => keyOnKeyboard(page, 0, 1)).toMatchObject({ param1: 0x070014 });
  await expect(key(page, 1)).toHaveAccessibleName('Key 1: Q');
});
