import { test, expect, type Page } from '@playwright/test';
import {
  canvasKey as key,
  firmware,
  firmwareRequest,
  openPane,
  withoutRememberedKeyboards,
} from './helpers.ts';

test.beforeEach(({ page }) => withoutRememberedKeyboards(page));

/** The Aurora 75's Actuation row, past its self check. */
async function openActuation(page: Page) {
  await openPane(page, 'Actuation');
  await page.getByRole('button', { name: 'SELF CHECK' }).click();
}

test('Actuation row: self check, drag multi-select, background clears, actuation point written per key', async ({
  page,
}) => {
  await openActuation(page);
  await expect(page.getByText('0 keys selected')).toBeVisible();
  // After the self check the keys show the switches' factory actuation point, with its unit (never 0.00).
  await expect(key(page, /^row 2, column 1:/)).toHaveAccessibleName('row 2, column 1: Q, 2.00 mm');

  // Pointer down on Q, drag across W and E: all three are selected. (The pane menu is long: bring the row into view.)
  await key(page, /^row 2, column 1:/).scrollIntoViewIfNeeded();
  const q = (await key(page, /^row 2, column 1:/).boundingBox())!;
  const e = (await key(page, /^row 2, column 3:/).boundingBox())!;
  await page.mouse.move(q.x + q.width / 2, q.y + q.height / 2);
  await page.mouse.down();
  await page.mouse.move(e.x + e.width / 2, e.y + e.height / 2, { steps: 8 });
  await page.mouse.up();
  await expect(page.getByText('3 keys selected')).toBeVisible();
  for (const col of [1, 2, 3])
    await expect(key(page, new RegExp(`^row 2, column ${col}:`))).toHaveAttribute('aria-pressed', 'true');

  // Pointer down on a selected key toggles it off.
  await key(page, /^row 2, column 2:/).click();
  await expect(page.getByText('2 keys selected')).toBeVisible();

  await page.getByLabel(/Actuation point/).fill('1.5');
  const ap = (row: number, col: number) => firmware<number | null>(page, 'actuationPoint', row, col);
  await expect.poll(() => ap(2, 1)).toBe(150);
  await expect.poll(() => ap(2, 3)).toBe(150);
  expect(await ap(2, 2)).toBe(200);
  // The canvas shows actuation points in mm on this row.
  await expect(key(page, /^row 2, column 1:/)).toContainText('1.50');

  await page.getByTestId('keyboard-canvas').click({ position: { x: 4, y: 4 } });
  await expect(page.getByText('0 keys selected')).toBeVisible();
});

test("the AP, RT and DKS tabs keep the spec's short names and say what they stand for, translated", async ({
  page,
}) => {
  await openActuation(page);
  const tabs = page.getByRole('tablist', { name: 'Actuation' }).getByRole('tab');
  await expect(tabs).toHaveText([
    /^AP\s+Actuation point$/,
    /^RT\s+Rapid Trigger$/,
    /^DKS\s+Dynamic keystrokes$/,
  ]);
  // The name starts with the label shown (speech control says "AP"), then the words.
  await expect(tabs.nth(0)).toHaveAccessibleName('AP Actuation point');
  await tabs.nth(2).click();
  await expect(tabs.nth(2)).toHaveAttribute('aria-selected', 'true');

  await page.getByRole('link', { name: 'Settings' }).click();
  await page.getByLabel('Language').selectOption('ja');
  await page.getByRole('link', { name: '設定', exact: true }).click();
  await page
    .getByRole('navigation', { name: '設定パネル' })
    .getByRole('button', { name: 'アクチュエーション', exact: true })
    .click();
  await expect(page.getByRole('tab', { name: 'RT ラピッドトリガー' })).toBeVisible();
});

test('RT menu: selected keys get rapid trigger with press and release sensitivity; the keys show it', async ({
  page,
}) => {
  await openActuation(page);
  await page.getByRole('tab', { name: 'RT Rapid Trigger' }).click();
  await expect(key(page, /^row 2, column 1:/)).toContainText('—');
  await key(page, /^row 2, column 1:/).click();
  await key(page, /^row 2, column 2:/).click();
  // The keys have rapid trigger off: the editor says so, its sliders off but showing the values the keys hold.
  await expect(page.getByRole('switch', { name: /^Rapid Trigger/ })).not.toBeChecked();
  await expect(page.getByLabel('Press sensitivity')).toBeDisabled();
  await expect(page.getByTestId('rt-press-value')).toHaveText('0.30 mm');
  await expect(page.getByLabel('Press sensitivity')).toHaveValue('0.3');
  await page.getByRole('switch', { name: /^Rapid Trigger/ }).check();
  await page.getByLabel('Press sensitivity').fill('0.5');
  await page.getByLabel('Release sensitivity').fill('0.25');
  const rt = (col: number) => firmware<Record<string, unknown> | null>(page, 'rapidTrigger', 2, col);
  await expect.poll(() => rt(1)).toEqual({ enabled: true, crtEnabled: false, rt1: 50, rt2: 25 });
  await expect.poll(() => rt(2)).toEqual({ enabled: true, crtEnabled: false, rt1: 50, rt2: 25 });
  expect(await rt(3)).toEqual({ enabled: false, crtEnabled: false, rt1: 30, rt2: 30 });
  await expect(key(page, /^row 2, column 1:/)).toContainText('0.50');
  // Back on AP the keys show actuation points again.
  await page.getByRole('tab', { name: 'AP Actuation point' }).click();
  await expect(key(page, /^row 2, column 1:/)).toContainText('2.00 mm');
});

test('DKS menu: one key gets four-stage actions, saved to the keyboard and shown on the key; then removed', async ({
  page,
}) => {
  await openActuation(page);
  await page.getByRole('tab', { name: 'DKS Dynamic keystrokes' }).click();
  await expect(page.getByText('Select a key on the keyboard to give it dynamic keystrokes.')).toBeVisible();
  await key(page, /^row 2, column 1:/).click();
  // Each action's keycode is picked as on the Keymap pane: from the grid, or searched.
  await page.getByRole('button', { name: /^Keycode 1: / }).click();
  const picker = page.getByRole('dialog', { name: 'Choose a keycode: Keycode 1' });
  await picker.locator('.keycode-grid').getByRole('button', { name: 'A', exact: true }).click();
  await expect(picker).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Keycode 1: / })).toHaveAccessibleName('Keycode 1: A KC_A');
  await page.getByLabel('Keycode 1 at 1st press').selectOption({ label: 'Press' });
  await page.getByLabel('Keycode 1 at Last release').selectOption({ label: 'Release' });
  await page.getByRole('button', { name: /^Keycode 2: / }).click();
  await page.getByLabel('Search keycodes').fill('KC_B');
  await page.getByLabel('Search keycodes').press('Enter');
  await expect(page.getByRole('button', { name: /^Keycode 2: / })).toHaveAccessibleName('Keycode 2: B KC_B');
  await page.getByLabel('Keycode 2 at Bottom out').selectOption({ label: 'Tap' });
  await page.getByLabel('Travel of Bottom out').fill('3.2');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('DKS saved to the keyboard.')).toBeVisible();
  const entries = () => firmware<unknown[]>(page, 'dksEntries');
  expect(await entries()).toEqual([
    {
      layer: 0,
      row: 2,
      col: 1,
      actuation: [70, 320, 350, 70],
      actions: [
        { keycode: 0x04, points: [1, 0, 0, 2] },
        { keycode: 0x05, points: [0, 3, 0, 0] },
        { keycode: 0, points: [0, 0, 0, 0] },
        { keycode: 0, points: [0, 0, 0, 0] },
      ],
    },
  ]);
  await expect(key(page, /^row 2, column 1:/)).toContainText('DKS');
  await page.getByRole('button', { name: 'Remove DKS' }).click();
  await expect.poll(entries).toEqual([]);
});

test('DKS offers no keycode that is not one and refuses travels the keyboard cannot act on; nothing is saved', async ({
  page,
}) => {
  await openActuation(page);
  await page.getByRole('tab', { name: 'DKS Dynamic keystrokes' }).click();
  await key(page, /^row 2, column 1:/).click();
  const save = page.getByRole('button', { name: 'Save', exact: true });
  const entries = () => firmware<unknown[]>(page, 'dksEntries');

  // A name that is no keycode is never a choice: the picker finds nothing and offers nothing.
  await page.getByRole('button', { name: /^Keycode 1: / }).click();
  const picker = page.getByRole('dialog', { name: 'Choose a keycode: Keycode 1' });
  await picker.getByLabel('Search keycodes').fill('KC_NOPE');
  await expect(picker.getByRole('status')).toHaveText('No keycode matches “KC_NOPE”.');
  await picker.getByLabel('Search keycodes').fill('LT(1,KC_A)');
  await picker.getByRole('button', { name: 'Use LT(1,KC_A)' }).click();
  await expect(page.getByRole('button', { name: /^Keycode 1: / })).toContainText('LT(1,KC_A)');

  // An emptied travel is not 0.00 mm.
  const bottom = page.getByLabel('Travel of Bottom out');
  await bottom.fill('');
  await expect(bottom).toHaveAttribute('aria-invalid', 'true');
  await save.click();
  await expect(
    page.getByText('Bottom out: enter a travel from 0.01 to 4.00 mm. Nothing was saved.'),
  ).toBeVisible();
  // Bottoming out above the first press cannot happen.
  await bottom.fill('0.5');
  await save.click();
  await expect(
    page.getByText(
      'The 1st press (0.70 mm) must come before bottoming out (0.50 mm), nearer the top. Nothing was saved.',
    ),
  ).toBeVisible();
  expect(await entries()).toEqual([]);

  // Put right, it saves.
  await bottom.fill('3.2');
  await save.click();
  await expect(page.getByText('DKS saved to the keyboard.')).toBeVisible();
  await expect.poll(entries).toHaveLength(1);
});

test("the editors show each selected key's own AP and RT, mixed when they differ, and write nothing by looking", async ({
  page,
}) => {
  await openPane(page, 'Actuation');
  // The keyboard already holds values: Q at 1.25 mm with rapid trigger 0.50 / 0.25 mm; W as it left the
  // factory (2.00 mm, RT off).
  await firmwareRequest(page, 171, 2, 1, 0x00, 0x7d, 0x00, 0x00, 0x00, 0x00);
  await firmwareRequest(page, 195, 2, 1, 1, 0x00, 0x32, 0x00, 0x19);
  await page.getByRole('button', { name: 'SELF CHECK' }).click();
  await expect(page.getByTestId('actuation-point-value')).toHaveText('—');
  await key(page, /^row 2, column 1:/).click();
  await expect(page.getByTestId('actuation-point-value')).toHaveText('1.25 mm');
  await key(page, /^row 2, column 2:/).click();
  await expect(page.getByTestId('actuation-point-value')).toHaveText('Mixed');
  await key(page, /^row 2, column 2:/).click();
  await expect(page.getByTestId('actuation-point-value')).toHaveText('1.25 mm');

  await page.getByRole('tab', { name: 'RT Rapid Trigger' }).click();
  await expect(page.getByRole('switch', { name: /^Rapid Trigger/ })).toBeChecked();
  await expect(page.getByTestId('rt-press-value')).toHaveText('0.50 mm');
  await expect(page.getByTestId('rt-release-value')).toHaveText('0.25 mm');
  await key(page, /^row 2, column 3:/).click();
  await expect(page.getByTestId('rt-press-value')).toHaveText('Mixed');
  await expect(page.getByText('2 keys selected · Mixed')).toBeVisible();
  // Looking wrote nothing: both keys keep their own values.
  expect(await firmware(page, 'actuationPoint', 2, 1)).toBe(125);
  expect(await firmware(page, 'rapidTrigger', 2, 1)).toEqual({
    enabled: true,
    crtEnabled: false,
    rt1: 50,
    rt2: 25,
  });
  expect(await firmware(page, 'rapidTrigger', 2, 3)).toEqual({
    enabled: false,
    crtEnabled: false,
    rt1: 30,
    rt2: 30,
  });
  // Changing one field on mixed keys sets only that field on each.
  await page.getByLabel('Release sensitivity').fill('0.4');
  await expect
    .poll(() => firmware(page, 'rapidTrigger', 2, 3))
    .toEqual({
      enabled: false,
      crtEnabled: false,
      rt1: 30,
      rt2: 40,
    });
  expect(await firmware(page, 'rapidTrigger', 2, 1)).toEqual({
    enabled: true,
    crtEnabled: false,
    rt1: 50,
    rt2: 40,
  });

  // The virtual keyboard keeps actuation across a reload, like a real board's EEPROM.
  await page.reload();
  await page
    .getByRole('navigation', { name: 'Configure panes' })
    .getByRole('button', { name: 'Actuation', exact: true })
    .click();
  await expect(key(page, /^row 2, column 1:/)).toContainText('1.25');
  expect(await firmware(page, 'actuationPoint', 2, 1)).toBe(125);
});

test('DKS mode shows legends and says which keys Save writes; several keys get the same actions', async ({
  page,
}) => {
  await openActuation(page);
  await page.getByRole('tab', { name: 'DKS Dynamic keystrokes' }).click();
  // Legends stay on the keys in DKS mode.
  await expect(key(page, /^row 2, column 1:/)).toContainText('Q');
  await key(page, /^row 2, column 1:/).click();
  await expect(page.getByTestId('dks-target')).toHaveText('Editing the DKS of Q (row 2, column 1).');
  await key(page, /^row 2, column 2:/).click();
  await expect(page.getByTestId('dks-target')).toHaveText(
    'Editing the DKS of 2 keys: Q, W. Save gives each of them these actions.',
  );
  await page.getByRole('button', { name: /^Keycode 1: / }).click();
  await page.getByLabel('Search keycodes').fill('KC_A');
  await page.getByLabel('Search keycodes').press('Enter');
  await expect(page.getByRole('button', { name: /^Keycode 1: / })).toHaveAccessibleName('Keycode 1: A KC_A');
  await page.getByLabel('Keycode 1 at 1st press').selectOption({ label: 'Tap' });
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('DKS saved to the keyboard.')).toBeVisible();
  const entries = await firmware<{ row: number; col: number; actions: { keycode: number }[] }[]>(
    page,
    'dksEntries',
  );
  expect(entries.map((e) => [e.row, e.col, e.actions[0]!.keycode])).toEqual([
    [2, 1, 4],
    [2, 2, 4],
  ]);
  await expect(key(page, /^row 2, column 2:/)).toContainText('DKS');
  await expect(key(page, /^row 2, column 2:/)).toContainText('W');
});

test('an actuation point changed just before leaving the pane is written, not dropped with the pane', async ({
  page,
}) => {
  await openActuation(page);
  await key(page, /^row 2, column 1:/).click();
  await expect(page.getByText('1 keys selected').or(page.getByText('1 key selected'))).toBeVisible();
  await page.getByLabel(/Actuation point/).fill('1.5');
  // At once, inside the write's 100 ms wait: the pane goes, and the key showed 1.50 mm.
  await page
    .getByRole('navigation', { name: 'Configure panes' })
    .getByRole('button', { name: 'Keymap', exact: true })
    .click();
  await expect.poll(() => firmware<number | null>(page, 'actuationPoint', 2, 1)).toBe(150);
});
