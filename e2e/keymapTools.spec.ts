import { test, expect, type Page } from '@playwright/test';
import { canvasKey as key, eepromKey, withoutRememberedKeyboards } from './helpers.ts';

test.beforeEach(({ page }) => withoutRememberedKeyboards(page));

const KC_A = 0x04;
const KC_Q = 0x14;
const KC_W = 0x1a;
const KC_1 = 0x1e;
const KC_GRAVE = 0x35;
const QK_BOOT = 0x7c00;

const layerButton = (page: Page, n: number) => page.getByRole('button', { name: `Layer ${n}`, exact: true });
const marked = (page: Page, mark: string) =>
  page.getByTestId('keyboard-canvas').locator(`[data-mark~="${mark}"]`);
const reach = (page: Page) => page.getByTestId('layer-reach');
/** The tools' buttons beside the layer buttons (the keymap pane has a Find key too). */
const toolButton = (page: Page, name: string) =>
  page.getByRole('group', { name: 'Layer', exact: true }).getByRole('button', { name, exact: true });

/** Points at the keyboard, which loads the keymap tools, and waits until they listen. */
async function toolsReady(page: Page) {
  await page.getByTestId('keyboard-canvas').hover();
  await expect(page.locator('.keymap-tools-keyboard[data-tools]')).toBeAttached();
}

/** Drags from one key of the Configure keyboard onto another with the mouse. */
async function drag(page: Page, from: RegExp, to: RegExp) {
  const a = (await key(page, from).boundingBox())!;
  const b = (await key(page, to).boundingBox())!;
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
  await page.mouse.down();
  await page.mouse.move(a.x + a.width, a.y + a.height / 2, { steps: 3 });
  await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2, { steps: 5 });
  await page.mouse.up();
}

test('VIA: a transparent key shows, dimmed, what it falls through to', async ({ page }) => {
  await page.goto('/?virtual=aurora75#/');
  await layerButton(page, 1).click();
  const a = key(page, /^row 3, column 1: transparent → A \(layer 0\)$/);
  await expect(a).toHaveAttribute('data-mark', /\bthrough\b/);
  await expect(a).toContainText('A');
  await expect(a.locator('title')).toHaveText('transparent → A (layer 0)');
  // Dimmed: not the key's own assignment.
  await expect(a.locator('.key-legend').first()).toHaveCSS('opacity', '0.5');
  // The base layer's own keys are not marked.
  await layerButton(page, 0).click();
  await expect(key(page, /^row 3, column 1: A$/)).not.toHaveAttribute('data-mark', /through/);
});

test('VIA: marking layers on under the shown one changes where its transparent keys fall', async ({
  page,
}) => {
  await page.goto('/?virtual=aurora75#/');
  // Give layer 1 a B there: layer 2 falls through to the base layer's A until layer 1 is marked on under it.
  await layerButton(page, 1).click();
  await key(page, /^row 3, column 1: transparent → A \(layer 0\)$/).click();
  await page.getByRole('button', { name: 'B', exact: true }).click();
  await expect.poll(() => eepromKey(page, 1, 3, 1)).toBe(0x0005);
  await expect(key(page, /^row 3, column 1: B$/)).not.toHaveAttribute('data-mark', /through/);
  await layerButton(page, 2).click();
  await expect(key(page, /^row 3, column 1: transparent → A \(layer 0\)$/)).toBeVisible();
  await page.getByRole('button', { name: 'Layer 1 on under the shown layer' }).click();
  await expect(key(page, /^row 3, column 1: transparent → B \(layer 1\)$/)).toBeVisible();
  await page.getByRole('button', { name: 'Layer 0 on under the shown layer' }).click();
  await expect(key(page, /^row 3, column 1: transparent → B \(layer 1\)$/)).toBeVisible();
  await page.getByRole('button', { name: 'Layer 1 on under the shown layer' }).click();
  await expect(key(page, /^row 3, column 1: transparent → nothing$/)).toBeVisible();
});

test('VIA: how the shown layer is reached, its keys marked; a layer nothing reaches is flagged', async ({
  page,
}) => {
  await page.goto('/?virtual=aurora75#/');
  await layerButton(page, 1).click();
  await expect(reach(page)).toContainText('Reached by: hold MO 1 on layer 0');
  // The MO(1) key (row 5, column 11) is marked where it sits.
  await expect(marked(page, 'reach')).toHaveCount(1);
  await expect(marked(page, 'reach')).toHaveAttribute('aria-label', /^row 5, column 11: /);
  await layerButton(page, 2).click();
  await expect(reach(page)).toContainText('Nothing reaches layer 2.');
  await expect(marked(page, 'reach')).toHaveCount(0);
  // The way in is a button: it shows the key on its layer.
  await layerButton(page, 1).click();
  await reach(page).getByRole('button', { name: 'hold MO 1 on layer 0' }).click();
  await expect(layerButton(page, 0)).toHaveAttribute('aria-pressed', 'true');
  await expect(key(page, /^row 5, column 11: Momentary layer 1, MO 1$/)).toHaveAttribute(
    'aria-pressed',
    'true',
  );
});

test('Vial: the fall-through and the way in on the Vial demo (its own numbering)', async ({ page }) => {
  await page.goto('/?virtual=vial-demo#/');
  await layerButton(page, 1).click();
  await expect(key(page, /^row 2, column 1: transparent → A \(layer 0\)$/)).toBeVisible();
  await expect(key(page, /^row 0, column 1: F1$/)).not.toHaveAttribute('data-mark', /through/);
  await expect(reach(page)).toContainText('Reached by: hold MO 1 on layer 0');
  await layerButton(page, 3).click();
  await expect(reach(page)).toContainText('Nothing reaches layer 3.');
});

test('All layers: every non-empty layer named by its layer; a click selects the key on that layer', async ({
  page,
}) => {
  await page.goto('/?virtual=vial-demo#/');
  await toolButton(page, 'All layers').click();
  const overview = page.getByTestId('layers-overview');
  // Layers 2 and 3 are all transparent: the print sheet leaves them out, and so does the overview.
  await expect(overview.getByRole('group')).toHaveCount(2);
  await expect(overview.getByRole('group', { name: 'Layer 0' })).toBeVisible();
  await overview
    .getByRole('group', { name: 'Layer 1' })
    .getByRole('button', { name: /^row 0, column 1: F1$/ })
    .click();
  await expect(overview).toBeHidden();
  await expect(layerButton(page, 1)).toHaveAttribute('aria-pressed', 'true');
  const f1 = key(page, /^row 0, column 1: F1$/);
  await expect(f1).toHaveAttribute('aria-pressed', 'true');
  await expect(f1).toBeFocused();
});

test('drag a key onto another to swap them, one undo step; pick a key up and copy it to another layer', async ({
  page,
}) => {
  await page.goto('/?virtual=aurora75#/');
  await toolsReady(page);
  await drag(page, /^row 2, column 1: Q$/, /^row 2, column 2: W$/);
  await expect.poll(() => eepromKey(page, 0, 2, 1)).toBe(KC_W);
  expect(await eepromKey(page, 0, 2, 2)).toBe(KC_Q);
  await expect(key(page, /^row 2, column 1: W$/)).toBeVisible();
  await page.getByTitle('Ctrl+Z', { exact: true }).click();
  await expect.poll(() => eepromKey(page, 0, 2, 1)).toBe(KC_Q);
  expect(await eepromKey(page, 0, 2, 2)).toBe(KC_W);

  // From the keyboard: S picks the selected key up, the arrow moves on, Enter swaps.
  await key(page, /^row 2, column 1: Q$/).click();
  await page.keyboard.press('s');
  await expect(page.getByTestId('keymap-tools-status')).toContainText('Q (layer 0) picked up');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Enter');
  await expect.poll(() => eepromKey(page, 0, 2, 1)).toBe(KC_W);
  await expect(page.getByTestId('keymap-tools-status')).toContainText('Swapped Q (layer 0) and W (layer 0).');

  // Copy… picks A up; a click on a key of layer 2 copies it there.
  await key(page, /^row 3, column 1: A$/).click();
  await page.getByRole('button', { name: 'Copy…' }).click();
  await layerButton(page, 2).click();
  await key(page, /^row 3, column 1: transparent/).click();
  await expect.poll(() => eepromKey(page, 2, 3, 1)).toBe(KC_A);
  expect(await eepromKey(page, 0, 3, 1)).toBe(KC_A);
});

test('keyboard only: focusing the keyboard loads the tools without losing the focus; S, arrow, Enter swaps', async ({
  page,
}) => {
  await page.goto('/?virtual=aurora75#/');
  // The keyboard's tab stop (Esc), focused as Tab would.
  const esc = page.getByTestId('keyboard-canvas').locator('[tabindex="0"]');
  await esc.focus();
  await expect(page.locator('.keymap-tools-keyboard[data-tools]')).toBeAttached();
  await expect(esc).toBeFocused();
  // Down selects ` under Esc; S picks it up; right to 1, Enter swaps them.
  await page.keyboard.press('ArrowDown');
  await expect(key(page, /^row 1, column 0: /)).toHaveAttribute('aria-pressed', 'true');
  await page.keyboard.press('s');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Enter');
  await expect.poll(() => eepromKey(page, 0, 1, 0)).toBe(KC_1);
  expect(await eepromKey(page, 0, 1, 1)).toBe(KC_GRAVE);
  // Enter placed the key: the keycode picker did not open.
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

test('press a key on your keyboard to select it; several candidates are all marked', async ({ page }) => {
  await page.goto('/?virtual=aurora75#/');
  await toolButton(page, 'Select by pressing').click();
  const status = page.getByTestId('keymap-tools-status');
  await expect(status).toContainText('Press a key on your keyboard to select it.');
  // MO(1) is a key the computer never sees.
  await expect(status).toContainText(/cannot be selected this way.*MO 1/);
  await expect(marked(page, 'unseen').first()).toBeVisible();
  await page.keyboard.press('KeyA');
  await expect(key(page, /^row 3, column 1: A$/)).toHaveAttribute('aria-pressed', 'true');
  await expect(status).toContainText('A selected.');

  // Give S an A as well: both keys type A now, both are marked, the first is selected.
  await key(page, /^row 3, column 2: S$/).click();
  await page.getByRole('button', { name: 'A', exact: true }).click();
  await expect.poll(() => eepromKey(page, 0, 3, 2)).toBe(KC_A);
  await toolButton(page, 'Select by pressing').click();
  await expect(status).toContainText('Press a key on your keyboard to select it.');
  await page.keyboard.press('KeyA');
  await expect(marked(page, 'candidate')).toHaveCount(2);
  await expect(status).toContainText('2 keys type A');
  await expect(key(page, /^row 3, column 1: A$/)).toHaveAttribute('aria-pressed', 'true');
});

test('Vial: press a key to select it on the Vial demo', async ({ page }) => {
  await page.goto('/?virtual=vial-demo#/');
  await toolButton(page, 'Select by pressing').click();
  await expect(page.getByTestId('keymap-tools-status')).toContainText('Press a key');
  await page.keyboard.press('KeyQ');
  await expect(key(page, /^row 1, column 1: Q$/)).toHaveAttribute('aria-pressed', 'true');
});

test('Find a keycode across layers and encoders: hits marked and listed', async ({ page }) => {
  await page.goto('/?virtual=vial-demo#/');
  await toolButton(page, 'Find').click();
  const input = page.getByRole('searchbox', { name: 'Find a keycode' });
  await expect(input).toBeFocused();
  // The field wears the theme's colours as on a ZMK board, not the browser's white box.
  const surface = await page.evaluate(() => {
    const probe = document.body.appendChild(document.createElement('div'));
    probe.style.background = 'var(--color-surface-2)';
    const colour = getComputedStyle(probe).backgroundColor;
    probe.remove();
    return colour;
  });
  await expect(input).toHaveCSS('background-color', surface);
  await input.fill('QK_BOOT');
  await expect(page.getByTestId('find-count')).toHaveText('1 found');
  const hits = page.getByTestId('find-hits');
  await expect(hits.getByRole('button')).toHaveText([/^Layer 1: /]);
  await hits.getByRole('button').click();
  await expect(layerButton(page, 1)).toHaveAttribute('aria-pressed', 'true');
  await expect(marked(page, 'hit')).toHaveCount(1);
  await expect(marked(page, 'hit')).toHaveAttribute('aria-pressed', 'true');
  expect(await eepromKey(page, 1, 1, 0)).toBe(QK_BOOT);

  // An encoder's rotation is found too (the demo turns volume on its first encoder).
  await input.fill('KC_VOLU');
  await expect(hits.getByRole('button')).toHaveText(['Layer 0: encoder 0 (clockwise): Vol + (Volume up)']);
  await input.fill('zzz');
  await expect(page.getByTestId('find-count')).toHaveText('Nothing found.');
});

test('Find tells apart two keys of one layer that read the same, by where they are', async ({ page }) => {
  // The Aurora 75's two knobs are both pressed for Mute on layer 0.
  await page.goto('/?virtual=aurora75#/');
  await toolButton(page, 'Find').click();
  await page.getByRole('searchbox', { name: 'Find a keycode' }).fill('KC_MUTE');
  const hits = page.getByTestId('find-hits').getByRole('button');
  await expect(hits.filter({ hasText: /^Layer 0, row \d+, column \d+: Mute$/ })).toHaveCount(2);
  const [first, second] = await hits.allTextContents();
  expect(first).not.toBe(second);
});

test('the dashed style of transparent keys is explained in one line where keys fall through', async ({
  page,
}) => {
  await page.goto('/?virtual=aurora75#/');
  const hint = page.getByText('Dashed, dimmed keys are transparent: they send what the layer below has.');
  await expect(hint).toHaveCount(0);
  await layerButton(page, 1).click();
  await expect(hint).toBeVisible();
});

test('keyboard only: the layer menu keeps the focus through Swap and a confirmed Copy, and Escape closes it', async ({
  page,
}) => {
  await page.goto('/?virtual=aurora75#/');
  const menuButton = page.getByRole('button', { name: 'Layer tools' });
  await menuButton.focus();
  await page.keyboard.press('Enter');
  const panel = page.getByRole('dialog', { name: 'Layer tools' });
  await expect(panel).toBeVisible();
  await panel.getByRole('button', { name: 'Swap', exact: true }).focus();
  await page.keyboard.press('Enter');
  await expect(panel.getByRole('status')).toHaveText('Layers 0 and 1 swapped, names included.');
  await expect.poll(() => eepromKey(page, 1, 2, 1)).toBe(KC_Q);
  // The swap's button was busy while it ran: the focus stays in the menu (on its Undo), not on the page.
  await expect(panel.getByRole('button', { name: 'Undo' })).toBeFocused();

  // A Copy onto a layer with keys asks; cancelling gives the focus back to Copy, confirming with Enter keeps the
  // focus in the menu too.
  const copy = panel.getByRole('button', { name: 'Copy', exact: true });
  const question = panel.getByRole('group', { name: /Replace them with this layer\?$/ });
  await copy.focus();
  await page.keyboard.press('Enter');
  await expect(question).toBeVisible();
  await question.getByRole('button', { name: 'Cancel' }).focus();
  await page.keyboard.press('Enter');
  await expect(question).toBeHidden();
  await expect(copy).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(question).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(panel.getByRole('status')).toHaveText('Layer 0 copied onto layer 1.');
  await expect(panel.getByRole('button', { name: 'Undo' })).toBeFocused();

  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();
  await expect(menuButton).toBeFocused();
});

test('keyboard only: Escape on the All layers or Find button itself closes its open panel, the focus staying there', async ({
  page,
}) => {
  await page.goto('/?virtual=aurora75#/');
  const all = toolButton(page, 'All layers');
  await all.focus();
  await page.keyboard.press('Enter');
  const overview = page.getByTestId('layers-overview');
  await expect(overview).toBeVisible();
  await expect(all).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(overview).toBeHidden();
  await expect(all).toHaveAttribute('aria-pressed', 'false');
  await expect(all).toBeFocused();

  const find = toolButton(page, 'Find');
  await find.click();
  const search = page.getByPlaceholder(/^Name, legend or expression/);
  await expect(search).toBeFocused();
  await find.focus();
  await page.keyboard.press('Escape');
  await expect(search).toBeHidden();
  await expect(find).toHaveAttribute('aria-pressed', 'false');
  await expect(find).toBeFocused();
});

test('a Copy question left open while another layer is picked goes away: its yes would copy the layer shown before', async ({
  page,
}) => {
  await page.goto('/?virtual=aurora75#/');
  await page.getByRole('button', { name: 'Layer tools' }).click();
  const panel = page.getByRole('dialog', { name: 'Layer tools' });
  // Layer 1 gets keys (a copy of layer 0), so a second Copy onto it asks first.
  await panel.getByLabel('Target layer').selectOption('1');
  await panel.getByRole('button', { name: 'Copy', exact: true }).click();
  await expect.poll(() => eepromKey(page, 1, 2, 1)).toBe(KC_Q);
  await layerButton(page, 2).click();
  await expect(panel.getByLabel('Name of layer 2')).toBeVisible();
  await panel.getByLabel('Target layer').selectOption('1');
  await panel.getByRole('button', { name: 'Copy', exact: true }).click();
  const question = panel.getByRole('group', { name: /Replace them with this layer\?$/ });
  await expect(question).toBeVisible();
  // Layer 3 picked while the question about layer 2's copy is open: the question goes, nothing is written.
  await layerButton(page, 3).click();
  await expect(panel.getByLabel('Name of layer 3')).toBeVisible();
  await expect(question).toBeHidden();
  expect(await eepromKey(page, 1, 2, 1)).toBe(KC_Q);
});

test('keyboard only: Escape or Close in Find and All layers gives the focus back to the button that opened them', async ({
  page,
}) => {
  await page.goto('/?virtual=aurora75#/');
  const find = toolButton(page, 'Find');
  await find.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByPlaceholder(/^Name, legend or expression/)).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(find).toHaveAttribute('aria-pressed', 'false');
  await expect(find).toBeFocused();

  const all = toolButton(page, 'All layers');
  await all.focus();
  await page.keyboard.press('Enter');
  const overview = page.getByTestId('layers-overview');
  await overview.getByRole('button', { name: 'Close' }).focus();
  await page.keyboard.press('Enter');
  await expect(overview).toBeHidden();
  await expect(all).toBeFocused();
});
