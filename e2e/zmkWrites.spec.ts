import { readFile } from 'node:fs/promises';
import { test, expect, type Page } from '@playwright/test';
import { withoutRememberedKeyboards } from './helpers.ts';
import { canvas, key, keyOnKeyboard, onZmk, openUnlocked } from './zmkHelpers.ts';

// Issue 38's ZMK majors on the virtual ZMK keyboard: nothing reaches it that the user did not see and mean, and
// nothing leaves them guessing — a layer removed from under keys, a Mod-Tap half chosen, an export on the
// other physical layout.

test.beforeEach(async ({ page }) => {
  await withoutRememberedKeyboards(page);
});

const pane = (page: Page, name: string) =>
  page
    .getByRole('navigation', { name: 'Configure panes' })
    .getByRole('button', { name, exact: true })
    .click();
const layerIds = (page: Page) => onZmk(page, (k) => k.firmware.keymap.layerIds(), null);

test('removing a layer that keys use asks first, lists them, and marks them afterwards; the Layer-Tap keeps its tap', async ({
  page,
}) => {
  await openUnlocked(page);
  await page.getByRole('button', { name: 'Layer 2: Raise', exact: true }).click();
  await page.getByRole('button', { name: 'Layer tools' }).click();
  await page
    .getByRole('dialog', { name: 'Layer tools' })
    .getByRole('button', { name: 'Remove layer' })
    .click();
  // Raise (id 2) is held by Base's &lt 2 RET (key 39) and toggled by Adjust's &tog 2 (key 14).
  const dialog = page.getByRole('alertdialog', { name: 'Remove layer “Raise”?' });
  await expect(dialog).toContainText('2 keys use this layer');
  await expect(dialog.getByRole('list', { name: 'Keys that use Raise' }).getByRole('listitem')).toHaveText([
    'Key 39 on Base: Layer-Tap',
    'Key 14 on Adjust: Toggle Layer',
  ]);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  // The question is the layer menu's: answering it (Cancel, or Escape) leaves the menu open.
  const menu = page.getByRole('dialog', { name: 'Layer tools' });
  await menu.getByRole('button', { name: 'Remove layer' }).click();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(menu).toBeVisible();
  expect(await layerIds(page)).toEqual([0, 1, 2, 3]);

  await page
    .getByRole('dialog', { name: 'Layer tools' })
    .getByRole('button', { name: 'Remove layer' })
    .click();
  await dialog.getByRole('button', { name: 'Remove layer' }).click();
  await expect.poll(() => layerIds(page)).toEqual([0, 1, 3]);
  // Adjust is layer 2 now: the keys that named Raise say it is removed, not "Adjust" or a bare 2.
  await page.getByRole('button', { name: 'Layer 0: Base', exact: true }).click();
  await expect(key(page, 39)).toHaveAccessibleName(/^Key 39: Layer-Tap: removed layer Raise, Enter/);
  await expect(key(page, 39)).not.toHaveAccessibleName(/Adjust/);
  await page.getByRole('button', { name: 'Layer 2: Adjust', exact: true }).click();
  await expect(key(page, 14)).toHaveAccessibleName(/^Key 14: Toggle Layer: removed layer Raise/);
  // The editor names it too, and does not offer it.
  await key(page, 14).click();
  await pane(page, 'Keymap');
  // Selecting a key does not move the keyboard under the pointer (a click once landed as a drag-swap).
  await expect(key(page, 14)).toHaveAccessibleName(/^Key 14: Toggle Layer: removed layer Raise/);
  expect(await keyOnKeyboard(page, 3, 14)).toMatchObject({ param1: 2 });
  const layerParam = page
    .getByRole('region', { name: 'Key 14 on Adjust' })
    .getByLabel('Layer', { exact: true });
  await expect(layerParam).toHaveValue('2');
  await expect(layerParam.locator('option:checked')).toHaveText('Raise (removed layer)');
  await expect(layerParam.locator('option', { hasText: 'Adjust' })).toHaveCount(1);
  await expect(layerParam.locator('option', { hasText: /^Raise$/ })).toHaveCount(0);
});

test('keyboard only: after a confirmed layer removal the focus is still in the layer menu, not on the page', async ({
  page,
}) => {
  await openUnlocked(page);
  await page.getByRole('button', { name: 'Layer 2: Raise', exact: true }).click();
  await page.getByRole('button', { name: 'Layer tools' }).focus();
  await page.keyboard.press('Enter');
  const menu = page.getByRole('dialog', { name: 'Layer tools' });
  await menu.getByRole('button', { name: 'Remove layer' }).focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('alertdialog', { name: 'Remove layer “Raise”?' });
  await dialog.getByRole('button', { name: 'Remove layer' }).focus();
  await page.keyboard.press('Enter');
  await expect.poll(() => layerIds(page)).toEqual([0, 1, 3]);
  await expect(menu.locator(':focus')).toHaveCount(1);
  // So Escape still reaches the menu and gives the focus back to its button.
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await expect(page.getByRole('button', { name: 'Layer tools' })).toBeFocused();
});

test('switching a key to Mod-Tap writes nothing until hold and tap are chosen, then exactly &mt <mod> <the key>', async ({
  page,
}) => {
  await openUnlocked(page);
  const mt = (await keyOnKeyboard(page, 0, 12))!.behaviorId; // Base's &mt LCTRL ESC
  const q = await keyOnKeyboard(page, 0, 1);
  await key(page, 1).click();
  await page.getByLabel('Behavior').selectOption({ label: 'Mod-Tap' });
  const editor = page.getByRole('region', { name: 'Key 1 on Base' });
  // Hold and Tap, by their role; Q is kept as the tap, the hold waits for a modifier.
  const hold = editor.getByLabel('Hold: Modifier');
  await expect(hold).toHaveValue('');
  const tap = editor.getByRole('group', { name: 'Tap: Key' });
  await expect(tap.getByRole('button', { name: 'Q', exact: true })).toHaveAttribute('aria-pressed', 'true');
  await expect(editor.getByRole('status')).toContainText('Not written to the keyboard yet');
  await expect(page.getByTestId('zmk-unsaved')).toContainText('All changes are saved');
  expect(await keyOnKeyboard(page, 0, 1)).toEqual(q);
  await expect(key(page, 1)).toHaveAccessibleName('Key 1: Q');

  await hold.selectOption({ label: 'Left Shift' });
  await expect
    .poll(() => keyOnKeyboard(page, 0, 1))
    .toEqual({ behaviorId: mt, param1: 0x0700e1, param2: 0x070014 });
  await expect(key(page, 1)).toHaveAccessibleName(/^Key 1: Mod-Tap: Left Shift, Q/);
  await expect(editor.getByRole('status')).toBeHidden();
});

test('a number parameter is written when Enter confirms it, not at each keystroke; out of range, never', async ({
  page,
}) => {
  await openUnlocked(page);
  const q = await keyOnKeyboard(page, 0, 1);
  await key(page, 1).click();
  await page.getByLabel('Behavior').selectOption({ label: 'Bluetooth' });
  const editor = page.getByRole('region', { name: 'Key 1 on Base' });
  await editor.getByLabel('Value').selectOption({ label: 'Select Profile' });
  const profile = editor.getByLabel('Profile', { exact: true });
  // Typing 3 then 0 is 30, past the last profile: the 3 on the way is not written, nor is 30 on Enter.
  await profile.pressSequentially('30');
  await profile.press('Enter');
  await expect(profile).toHaveAttribute('aria-invalid', 'true');
  // The range is said in the error colour while the number is outside it.
  await expect(editor.locator('.form-error')).toHaveText(/^From 0 to \d+$/);
  expect(await keyOnKeyboard(page, 0, 1)).toEqual(q);
  await profile.fill('4');
  await profile.press('Enter');
  await expect.poll(() => keyOnKeyboard(page, 0, 1)).toMatchObject({ param2: 4 });
  await expect(key(page, 1)).toHaveAccessibleName(/^Key 1: Bluetooth/);
});

test('a number typed for one key and left by clicking another key is written to the key it was typed for, not the one clicked', async ({
  page,
}) => {
  await openUnlocked(page);
  const profile = page.getByLabel('Profile', { exact: true });
  for (const position of [1, 2]) {
    await key(page, position).click();
    await page.getByLabel('Behavior').selectOption({ label: 'Bluetooth' });
    await page.getByLabel('Value').selectOption({ label: 'Select Profile' });
    await profile.fill('1');
    await profile.press('Enter');
    await expect.poll(() => keyOnKeyboard(page, 0, position)).toMatchObject({ param2: 1 });
  }
  await key(page, 1).click();
  await profile.fill('3');
  // Leaving the field commits it: for key 1, whose editor it was, even though the click selects key 2.
  await key(page, 2).click();
  await expect(page.getByRole('region', { name: 'Key 2 on Base' })).toBeVisible();
  await expect.poll(() => keyOnKeyboard(page, 0, 1)).toMatchObject({ param2: 3 });
  expect(await keyOnKeyboard(page, 0, 2)).toMatchObject({ param2: 1 });
  await expect(profile).toHaveValue('1');
});

test('fast key mapping: a double-click on a key button sets the selected key only, not the next one too', async ({
  page,
}) => {
  await openUnlocked(page);
  const [first, next] = [await keyOnKeyboard(page, 0, 1), await keyOnKeyboard(page, 0, 2)];
  await key(page, 1).click();
  await page
    .getByRole('region', { name: 'Key 1 on Base' })
    .getByRole('button', { name: 'B', exact: true })
    .dblclick();
  // The first click set key 1 and moved on to key 2; the second click of the double-click is not a pick.
  await expect(page.getByRole('region', { name: 'Key 2 on Base' })).toBeVisible();
  await expect.poll(() => keyOnKeyboard(page, 0, 1)).toMatchObject({ param1: 0x70005 });
  // One step to undo: key 1 back as it was, nothing left to undo, key 2 never changed.
  const undo = page.getByRole('button', { name: 'Undo the last change' });
  await undo.click();
  await expect.poll(() => keyOnKeyboard(page, 0, 1)).toEqual(first);
  await expect(undo).toBeDisabled();
  expect(await keyOnKeyboard(page, 0, 2)).toEqual(next);
  // A separate click on the same button is a pick.
  await page
    .getByRole('region', { name: 'Key 2 on Base' })
    .getByRole('button', { name: 'B', exact: true })
    .click();
  await expect.poll(() => keyOnKeyboard(page, 0, 2)).toMatchObject({ param1: 0x70005 });
});

test('keyboard only: "Keep the key as it was" drops the half-chosen binding and leaves the focus on the Behavior choice', async ({
  page,
}) => {
  await openUnlocked(page);
  const before = await keyOnKeyboard(page, 0, 1);
  await key(page, 1).click();
  const behavior = page.getByLabel('Behavior');
  await behavior.selectOption({ label: 'Bluetooth' });
  await page.getByRole('button', { name: 'Keep the key as it was' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: 'Keep the key as it was' })).toHaveCount(0);
  await expect(behavior).toBeFocused();
  await expect(behavior.locator('option:checked')).toHaveText('Key Press');
  expect(await keyOnKeyboard(page, 0, 1)).toEqual(before);
});

test('binding Reset or Bootloader to a key is asked first', async ({ page }) => {
  await openUnlocked(page);
  const tab = await keyOnKeyboard(page, 0, 0);
  await key(page, 0).click();
  await page.getByLabel('Behavior').selectOption({ label: 'Bootloader' });
  const dialog = page.getByRole('alertdialog', { name: 'Bind Bootloader to this key?' });
  await expect(dialog).toContainText('Pressing key 0 will then restart the keyboard');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  expect(await keyOnKeyboard(page, 0, 0)).toEqual(tab);
  await expect(page.getByLabel('Behavior').locator('option:checked')).toHaveText('Key Press');

  await page.getByLabel('Behavior').selectOption({ label: 'Bootloader' });
  await dialog.getByRole('button', { name: 'Bind it' }).click();
  await expect(key(page, 0)).toHaveAccessibleName(/^Key 0: Bootloader/);
  await expect.poll(async () => (await keyOnKeyboard(page, 0, 0))!.behaviorId).not.toBe(tab!.behaviorId);
});

test('.keymap export on the 5-column layout lists the keys in the same order as on the 6-column one', async ({
  page,
}) => {
  await openUnlocked(page);
  const download = async () => {
    await pane(page, 'Save + Load');
    const exportPane = page.getByTestId('zmk-export');
    const file = page.waitForEvent('download');
    await exportPane.getByRole('button', { name: 'Download .keymap' }).click();
    const text = await readFile((await (await file).path())!, 'utf8');
    await expect(exportPane.getByTestId('zmk-export-done')).toBeVisible();
    return { text, notes: await exportPane.getByTestId('zmk-export-done').innerText() };
  };
  const bindings = (text: string) =>
    [...text.matchAll(/bindings = <\n([\s\S]*?)\n\s*>;/g)].map((m) => m[1]!.trim().split(/\s+(?=&)/));

  const six = await download();
  await page.getByLabel('Physical layout').selectOption({ label: '5 columns' });
  await page
    .getByRole('alertdialog', { name: 'Switch to the physical layout “5 columns”?' })
    .getByRole('button', { name: 'Switch layout' })
    .click();
  await expect(canvas(page).locator('[data-key-index]')).toHaveCount(36);
  const five = await download();
  // Same keys in the same places: the keymap's own order (the outer columns read before the switch).
  expect(bindings(five.text)).toEqual(bindings(six.text));
  expect(bindings(five.text)[0]!.slice(0, 3)).toEqual(['&kp TAB', '&kp Q', '&kp W']);
  expect(five.text).toContain('the physical layout "6 columns" (the keyboard shows "5 columns")');
  expect(five.text).toContain("Paste it over your zmk-config's");
  expect(five.text).not.toContain('&none /* not read */');
  expect(five.notes).not.toContain('not on the selected physical layout');
});

test('fast key mapping moves on to the next key after a key is picked, as on VIA boards', async ({
  page,
}) => {
  await openUnlocked(page);
  await key(page, 1).click();
  await page.getByRole('group', { name: 'Basic' }).getByRole('button', { name: 'B', exact: true }).click();
  await expect.poll(() => keyOnKeyboard(page, 0, 1)).toMatchObject({ param1: 0x070005 });
  await expect(key(page, 2)).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('region', { name: 'Key 2 on Base' })).toBeVisible();
  // A modifier toggled is not a key picked: the selection stays.
  await page.getByRole('checkbox', { name: 'Left Shift' }).check();
  await expect.poll(() => keyOnKeyboard(page, 0, 2)).toMatchObject({ param1: 0x0207001a });
  await expect(key(page, 2)).toHaveAttribute('aria-pressed', 'true');
});

test('Any on a ZMK key: typed as a .keymap writes it, explained as it is typed, written only on Confirm', async ({
  page,
}) => {
  await openUnlocked(page);
  const before = await keyOnKeyboard(page, 0, 1);
  await key(page, 1).click();
  await page.getByRole('group', { name: 'Basic' }).getByRole('button', { name: 'Any', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Any keycode' });
  await expect(dialog.getByTestId('any-current')).toHaveText('Q');
  const field = dialog.getByRole('combobox');
  await field.fill('LS(N');
  // keys.h's names completing the word after the '(', shortest first.
  const options = dialog.getByRole('listbox', { name: 'Suggestions' }).getByRole('option');
  await expect(options.first()).toHaveText('N');
  await expect(options.nth(1)).toHaveText('N0');
  await field.fill('KC_A');
  await expect(dialog.getByText('Unknown name KC_A: keys.h has no such key.')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Confirm' })).toBeDisabled();
  await field.fill('LS(N1)');
  await expect(dialog.getByText('This key will be: !')).toBeVisible();
  expect(await keyOnKeyboard(page, 0, 1)).toEqual(before);
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect.poll(() => keyOnKeyboard(page, 0, 1)).toEqual({ ...before, param1: 0x0207001e });
  await expect(dialog).toBeHidden();
});

test('at 1400×900: the Mod-Tap editor and the layer removal question, in view', async ({ page }) => {
  await page.setViewportSize({ width: 1400, height: 900 });
  await openUnlocked(page);
  await key(page, 3).click();
  await page.getByLabel('Behavior').selectOption({ label: 'Mod-Tap' });
  await page.screenshot({ path: 'test-results/screenshots/zmk-mod-tap-draft.png' });
  await page.getByRole('button', { name: 'Layer 1: Lower', exact: true }).click();
  await page.getByRole('button', { name: 'Layer tools' }).click();
  await page
    .getByRole('dialog', { name: 'Layer tools' })
    .getByRole('button', { name: 'Remove layer' })
    .click();
  await expect(page.getByRole('alertdialog')).toBeInViewport();
  await page.screenshot({ path: 'test-results/screenshots/zmk-remove-layer.png' });
});

test("after the unlock the focus is on the keyboard's name, not lost on the page", async ({ page }) => {
  await page.goto('/?virtual=zmk-demo#/');
  const lock = page.getByTestId('zmk-lock');
  await lock.getByRole('button', { name: 'Press the unlock key (virtual keyboard)' }).focus();
  await page.keyboard.press('Enter');
  await expect(lock).toBeHidden();
  await expect(page.getByRole('heading', { level: 1, name: 'Keyloom Split 42' })).toBeFocused();
});
