import { test, expect } from '@playwright/test';
import { canvasKey as key, eepromKey, firmware, withoutRememberedKeyboards } from './helpers.ts';

test.beforeEach(({ page }) => withoutRememberedKeyboards(page));

test('assign a basic key through the grid: the EEPROM holds it and fast mapping moves on', async ({
  page,
}) => {
  await page.goto('/?virtual=aurora75#/');
  await key(page, /^row 3, column 1: A$/).click();
  await page.getByRole('button', { name: 'B', exact: true }).click();
  await expect.poll(() => eepromKey(page, 0, 3, 1)).toBe(0x0005);
  await expect(key(page, /^row 3, column 1: B$/)).toBeVisible();
  // Fast Key Mapping selected the next key (S).
  await expect(key(page, /^row 3, column 2: S$/)).toHaveAttribute('aria-pressed', 'true');
});

test('assign a modifier-wrapped key and LT(1,KC_SPC) through the Any modal', async ({ page }) => {
  await page.goto('/?virtual=aurora75#/');
  await key(page, /^row 3, column 2: S$/).click();
  await page.getByRole('button', { name: 'Special' }).click();
  await page.getByRole('button', { name: 'Any', exact: true }).click();
  const input = page.getByLabel('Please enter your desired QMK keycode or hex code:');
  await input.fill('LT(16,KC_SPC)');
  await expect(page.getByRole('button', { name: 'Confirm' })).toBeDisabled();
  await input.fill('LCTL(KC_C)');
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect.poll(() => eepromKey(page, 0, 3, 2)).toBe(0x0106);

  await key(page, /^row 5, column 6: Space$/).click();
  await page.getByRole('button', { name: 'Any', exact: true }).click();
  await page.getByLabel('Please enter your desired QMK keycode or hex code:').fill('LT(1,KC_SPC)');
  await page.keyboard.press('Enter');
  await expect.poll(() => eepromKey(page, 0, 5, 6)).toBe(0x412c);
});

test('undo and redo a key assignment with the keyboard shortcuts (Ctrl+Z, Shift+Ctrl+Z, Ctrl+Y)', async ({
  page,
}) => {
  await page.goto('/?virtual=aurora75#/');
  await key(page, /^row 2, column 1: Q$/).click();
  await page.getByRole('button', { name: 'Z', exact: true }).click();
  await expect.poll(() => eepromKey(page, 0, 2, 1)).toBe(0x001d);
  await page.keyboard.press('Control+z');
  await expect.poll(() => eepromKey(page, 0, 2, 1)).toBe(0x0014);
  await page.keyboard.press('Control+Shift+z');
  await expect.poll(() => eepromKey(page, 0, 2, 1)).toBe(0x001d);
  // Ctrl+Y redoes too, as on Windows and Linux.
  await page.keyboard.press('Control+z');
  await expect.poll(() => eepromKey(page, 0, 2, 1)).toBe(0x0014);
  await page.keyboard.press('Control+y');
  await expect.poll(() => eepromKey(page, 0, 2, 1)).toBe(0x001d);
});

test('Ctrl+Z undoes a key from a focused drop-down too, but not while typing in a text field', async ({
  page,
}) => {
  await page.goto('/?virtual=aurora75#/');
  await key(page, /^row 2, column 1: Q$/).click();
  await page.getByRole('button', { name: 'Z', exact: true }).click();
  await expect.poll(() => eepromKey(page, 0, 2, 1)).toBe(0x001d);
  const panes = page.getByRole('navigation', { name: 'Configure panes' });
  await panes
    .getByRole('button', { name: /Lighting/ })
    .first()
    .click();
  const effect = page.getByLabel('Effect', { exact: true });
  const chosen = await effect.inputValue();
  await effect.focus();
  await page.keyboard.press('Control+z');
  await expect.poll(() => eepromKey(page, 0, 2, 1)).toBe(0x0014);
  await page.keyboard.press('Control+Shift+z');
  await expect.poll(() => eepromKey(page, 0, 2, 1)).toBe(0x001d);
  // The drop-down itself did not move.
  await expect(effect).toBeFocused();
  await expect(effect).toHaveValue(chosen);

  // In a text field the browser's own undo takes the typing back; the key stays.
  await panes.getByRole('button', { name: 'Macros', exact: true }).click();
  await page.getByRole('tab', { name: 'Script' }).click();
  const macro = page.getByLabel('Macro M0');
  const before = await macro.inputValue();
  await macro.focus();
  await page.keyboard.type('xy');
  await expect(macro).toHaveValue(`${before}xy`);
  await page.keyboard.press('Control+z');
  await expect(macro).toHaveValue(before);
  await expect(page.getByRole('button', { name: 'Redo the change undone' })).toBeDisabled();
  expect(await eepromKey(page, 0, 2, 1)).toBe(0x001d);
});

test('assign an encoder rotation on a layer', async ({ page }) => {
  await page.goto('/?virtual=aurora75#/');
  await page.getByRole('button', { name: 'Layer 1', exact: true }).click();
  await key(page, /^Encoder 0, row 0, column 14/).click();
  await page.getByRole('radio', { name: /Rotate Clockwise/ }).click();
  await page.getByRole('button', { name: 'Media' }).click();
  await page.getByRole('button', { name: 'Next track', exact: true }).click();
  await expect.poll(() => firmware(page, 'getEncoderKeycode', 1, 0, true)).toBe(0x00ab);
  await expect(page.getByRole('radio', { name: /Rotate Clockwise/ })).toContainText('KC_MNXT');
});

test('a layout option change is written and the keyboard follows it', async ({ page }) => {
  await page.goto('/?virtual=lumen65#/');
  await expect(key(page, /^row 0, column 13: Backspace, Bksp$/)).toBeVisible();
  await page.getByRole('button', { name: 'Layouts' }).click();
  await page.getByRole('switch', { name: 'Split Backspace' }).check();
  await expect(key(page, /^row 2, column 13:/)).toBeVisible();
  await expect.poll(() => firmware(page, 'layoutOptionsValue')).toBe(1);
});

test('keyboard navigation: arrows move the selection, Enter opens the keycode picker', async ({ page }) => {
  await page.goto('/?virtual=aurora75#/');
  await key(page, /^row 3, column 1: A$/).click();
  await page.keyboard.press('ArrowRight');
  await expect(key(page, /^row 3, column 2: S$/)).toHaveAttribute('aria-pressed', 'true');
  await page.keyboard.press('ArrowUp');
  await expect(key(page, /^row 2, column 2: W$/)).toHaveAttribute('aria-pressed', 'true');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog', { name: 'Any keycode' })).toBeVisible();
});

test('the keycode grid is walked with the arrow keys; the chosen keycode looks chosen, the one clicked does not', async ({
  page,
}) => {
  await page.goto('/?virtual=aurora75#/');
  await key(page, /^row 3, column 1: A$/).click();
  const grid = page.getByRole('group', { name: 'Basic' });
  await grid.getByRole('button', { name: 'A', exact: true }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(grid.getByRole('button', { name: 'B', exact: true })).toBeFocused();
  // Down lands on the button under B in the wrapped grid, whatever the window's width.
  const below = async () => {
    const b = await grid.getByRole('button', { name: 'B', exact: true }).boundingBox();
    const focused = await page.evaluate(() => document.activeElement!.getBoundingClientRect().toJSON());
    return { b: b!, focused: focused as { x: number; y: number; width: number } };
  };
  await page.keyboard.press('ArrowDown');
  const { b, focused } = await below();
  expect(focused.y).toBeGreaterThan(b.y);
  expect(Math.abs(focused.x + focused.width / 2 - (b.x + b.width / 2))).toBeLessThan(b.width);
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('Enter');
  await expect.poll(() => eepromKey(page, 0, 3, 1)).toBe(0x0005);
  // Fast mapping moved on to S, which holds KC_S: S's button is the filled one; B, still under focus, is not.
  const filled = (name: string) =>
    grid.getByRole('button', { name, exact: true }).evaluate((el) => getComputedStyle(el).backgroundColor);
  await expect(grid.getByRole('button', { name: 'S', exact: true })).toHaveAttribute('aria-pressed', 'true');
  expect(await filled('S')).not.toBe(await filled('B'));
});

test('clicking the background clears the selection; screenshots of each demo keyboard', async ({ page }) => {
  for (const id of ['aurora75', 'lumen65', 'orbitpad']) {
    await page.goto(`/?virtual=${id}#/`);
    await expect(page.getByTestId('keyboard-canvas')).toBeVisible();
    await page.getByTestId('keyboard-canvas').screenshot({ path: `test-results/screenshots/${id}.png` });
  }
  await key(page, /row 1, column 0/).click();
  await expect(key(page, /row 1, column 0/)).toHaveAttribute('aria-pressed', 'true');
  await page.getByTestId('keyboard-canvas').click({ position: { x: 5, y: 5 } });
  await expect(page.getByTestId('keyboard-canvas').locator('[aria-pressed="true"]')).toHaveCount(0);
});

test('legends that load after the first screen: a Special key reads its friendly name, and a key assigned from it keeps it', async ({
  page,
}) => {
  await page.goto('/?virtual=aurora75#/');
  await key(page, /^row 3, column 1: A$/).click();
  await page.getByRole('button', { name: 'Special' }).click();
  // CL_SWAP's friendly legend is one of the rows that load with the first category beyond Basic.
  const swap = page.getByRole('button', { name: 'Caps⇄Ctrl, Swap Caps Lock and Left Ctrl', exact: true });
  await expect(swap).toHaveText('Caps⇄Ctrl');
  await swap.click();
  await expect(key(page, /^row 3, column 1: Swap Caps Lock and Left Ctrl/)).toBeVisible();
});
