import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test, expect, type Locator, type Page } from '@playwright/test';
import { canvasKey as key, eepromKey, vialLock, withoutRememberedKeyboards } from './helpers.ts';

// Every modal keeps the focus inside, closes on Escape and gives the focus back to where it was (issue 30 item
// 2); the Vial unlock, whose demo asks to hold Esc + Enter, stays open on Escape and unlocks with the keys held.

test.beforeEach(async ({ page }) => {
  await withoutRememberedKeyboards(page);
  // Headless Chromium would open a native dialog: use the download fallback.
  await page.addInitScript(() => delete (window as unknown as Record<string, unknown>).showSaveFilePicker);
});

/** The focused element as a short name (its accessible label or text), or null when it is outside `dialog`. */
const focusInside = (dialog: Locator) =>
  dialog.evaluate((panel) => {
    const el = document.activeElement;
    if (!el || !panel.contains(el)) return null;
    return el.getAttribute('aria-label') ?? (el.textContent?.trim() || el.tagName);
  });

/** Tab and Shift+Tab, two rounds each way: the focus stays inside and comes round to where it started. */
async function expectFocusKept(page: Page, dialog: Locator) {
  const start = await focusInside(dialog);
  expect(start, 'the dialog has the focus when it opens').not.toBeNull();
  for (const key of ['Tab', 'Shift+Tab']) {
    const seen: (string | null)[] = [];
    for (let i = 0; i < 24; i++) {
      await page.keyboard.press(key);
      seen.push(await focusInside(dialog));
    }
    expect(seen, `${key} never leaves the dialog`).not.toContain(null);
    expect(seen, `${key} comes round to where it started`).toContain(start);
  }
}

/** Opens a dialog from `opener` with the keyboard, checks the focus is kept, closes it with Escape. */
async function checkDialog(page: Page, opener: Locator, dialog: Locator, open?: () => Promise<void>) {
  await expect(opener).toBeEnabled();
  await opener.focus();
  await (open ? open() : page.keyboard.press('Enter'));
  await expect(dialog).toBeVisible();
  await expectFocusKept(page, dialog);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();
}

const byName = (page: Page, name: string) => page.getByRole('button', { name, exact: true });

test('Configure and Save + Load: Any keycode, load preview, export, print view', async ({ page }) => {
  await page.goto('/?virtual=aurora75#/');
  await key(page, /^row 3, column 1: A$/).click();
  await page.getByRole('button', { name: 'Special' }).click();
  await checkDialog(page, byName(page, 'Any'), page.getByRole('dialog', { name: 'Any keycode' }));
  // The suggestion list takes the first Escape, the dialog the second.
  await byName(page, 'Any').click();
  await expect(page.getByLabel('Please enter your desired QMK keycode or hex code:')).toBeFocused();
  await page.keyboard.type('KC_A');
  await expect(page.getByRole('listbox')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('listbox')).toBeHidden();
  await expect(page.getByRole('dialog', { name: 'Any keycode' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog', { name: 'Any keycode' })).toBeHidden();

  await page.getByRole('button', { name: 'Save + Load' }).click();
  const download = page.waitForEvent('download');
  await byName(page, 'Save').click();
  const dir = await mkdtemp(path.join(tmpdir(), 'kl-dialogs-'));
  const file = path.join(dir, 'keyloom_aurora_75.layout.json');
  const layout = JSON.parse(await readFile((await (await download).path())!, 'utf8')) as {
    layers: string[][];
  };
  layout.layers[0]![3 * 16 + 1] = 'KC_B';
  await writeFile(file, JSON.stringify(layout));
  const loadInput = page.getByLabel('Load Saved Layout');
  const preview = page.getByTestId('load-preview');
  await checkDialog(page, loadInput, preview, () => loadInput.setInputFiles(file));
  expect(await eepromKey(page, 0, 3, 1)).toBe(0x04);

  await checkDialog(
    page,
    byName(page, 'Export…'),
    page.getByRole('alertdialog', { name: 'Export the keymap' }),
  );
  await checkDialog(page, byName(page, 'Print keymap'), page.getByTestId('print-view'));
});

test('the keyboard badge: Try a virtual keyboard (and its build step) and the connection doctor', async ({
  page,
}) => {
  await page.goto('/?virtual=aurora75#/');
  const badge = page.getByTestId('keyboard-badge');
  const menuItem = (name: string) => async () => {
    await page.keyboard.press('Enter');
    await page.getByRole('menuitem', { name }).click();
  };
  const tryDialog = page.getByRole('dialog', { name: 'Try a virtual keyboard' });
  await checkDialog(page, badge, tryDialog, menuItem('Try a virtual keyboard'));
  await checkDialog(page, badge, tryDialog, async () => {
    await menuItem('Try a virtual keyboard')();
    await page
      .getByLabel('Build one from a keyboard definition file…')
      .setInputFiles('keyboards/demo/aurora75.json');
    await expect(page.getByRole('button', { name: 'Build keyboard' })).toBeVisible();
  });
  await checkDialog(
    page,
    badge,
    page.getByRole('dialog', { name: 'Connection doctor' }),
    menuItem('Connection doctor…'),
  );
});

test('a dialog taller than the window keeps its buttons in view at 1400×900', async ({ page }) => {
  await page.setViewportSize({ width: 1400, height: 900 });
  await page.goto('/?virtual=aurora75#/');
  await page.getByTestId('keyboard-badge').click();
  await page.getByRole('menuitem', { name: 'Try a virtual keyboard' }).click();
  const dialog = page.getByRole('dialog', { name: 'Try a virtual keyboard' });
  const close = dialog.getByRole('button', { name: 'Close', exact: true });
  await expect(close).toBeVisible();
  // The list scrolls inside the panel; Close stays whole inside the panel's visible box.
  expect(await dialog.evaluate((d) => d.scrollHeight > d.clientHeight)).toBe(true);
  const [panel, button] = [(await dialog.boundingBox())!, (await close.boundingBox())!];
  expect(button.y + button.height).toBeLessThanOrEqual(panel.y + panel.height);
  expect(button.y).toBeGreaterThanOrEqual(panel.y);
});

test('the keycode picker of a DKS action keeps the focus, closes on Escape and gives it back to the field', async ({
  page,
}) => {
  await page.goto('/?virtual=aurora75#/');
  await page
    .getByRole('navigation', { name: 'Configure panes' })
    .getByRole('button', { name: 'Actuation' })
    .click();
  await byName(page, 'SELF CHECK').click();
  await page.getByRole('tab', { name: 'DKS Dynamic keystrokes' }).click();
  await key(page, /^row 2, column 1:/).click();
  const field = page.getByRole('button', { name: /^Keycode 1: / });
  const picker = page.getByRole('dialog', { name: 'Choose a keycode: Keycode 1' });
  const search = picker.getByLabel('Search keycodes');
  await field.focus();
  await page.keyboard.press('Enter');
  await expect(search).toBeFocused();
  // Hundreds of keycode buttons lie between: Shift+Tab from the first control goes round to the last (Cancel),
  // Tab from there back to the first, never out to the page behind.
  await page.keyboard.press('Shift+Tab');
  await expect(picker.locator('.dialog-actions').getByRole('button', { name: 'Cancel' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(search).toBeFocused();
  // The Any modal opened from the picker takes the first Escape; the picker the second, and the field has the
  // focus again.
  await picker.getByRole('button', { name: 'Special' }).click();
  await picker.getByRole('button', { name: 'Any', exact: true }).click();
  const any = page.getByRole('dialog', { name: 'Any keycode' });
  await expect(any).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(any).toBeHidden();
  await expect(picker).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(picker).toBeHidden();
  await expect(field).toBeFocused();
});

test('a question: Debug maintenance', async ({ page }) => {
  await page.goto('/?debug-prod=1&virtual=aurora75#/debug');
  const question = page.getByRole('alertdialog', { name: 'Clear all macros' });
  await checkDialog(page, byName(page, 'Clear all macros'), question);
  // The safe answer has the focus when it opens.
  await byName(page, 'Clear all macros').press('Enter');
  await expect(question.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await page.keyboard.press('Escape');
});

test('the firmware modal from a link keeps the focus and closes on Escape', async ({ page }) => {
  await page.goto('/?virtual=aurora75&firmware=4b4c:0002#/');
  const modal = page.getByRole('dialog', { name: 'Firmware update: Keyloom Aurora 75' });
  await expect(modal.getByRole('button', { name: /Check for Updates/ })).toBeVisible();
  await expectFocusKept(page, modal);
  await page.keyboard.press('Escape');
  await expect(modal).toHaveCount(0);
});

test('the Vial demo unlocks with Esc + Enter held on the computer keyboard; Escape does not close the dialog', async ({
  page,
}) => {
  await page.goto('/?virtual=vial-demo#/');
  await expect(page.getByRole('status').filter({ hasText: 'Vial: locked' })).toBeVisible();
  // QMK settings: the reset question is a dialog like the others (answered by Escape).
  await page
    .getByRole('navigation', { name: 'Configure panes' })
    .getByRole('button', { name: 'QMK Settings' })
    .click();
  await checkDialog(
    page,
    page.getByRole('button', { name: 'Reset to defaults' }),
    page.getByRole('alertdialog', { name: 'Reset QMK settings?' }),
  );

  await page
    .getByRole('navigation', { name: 'Configure panes' })
    .getByRole('button', { name: 'Keymap' })
    .click();
  await key(page, /^row 2, column 1: A$/).click();
  await page.getByRole('button', { name: 'Special' }).click();
  await byName(page, 'Any').click();
  await expect(page.getByLabel('Please enter your desired QMK keycode or hex code:')).toBeFocused();
  await page.keyboard.type('QK_BOOT');
  await page.keyboard.press('Enter');
  const unlock = page.getByRole('dialog', { name: 'Unlock Keyloom Vial 60' });
  await expect(unlock).toContainText('Esc (row 0, column 0) + Enter (row 2, column 11)');
  await expect(unlock.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await expectFocusKept(page, unlock);
  await page.keyboard.press('Escape');
  await expect(unlock).toBeVisible();
  expect(await vialLock(page)).toMatchObject({ unlocked: false, inProgress: true });

  // Held as a user holds them: Enter does not press the focused Cancel, and the board counts down to unlocked.
  await page.keyboard.down('Escape');
  await page.keyboard.down('Enter');
  await expect(unlock).toBeHidden();
  await page.keyboard.up('Enter');
  await page.keyboard.up('Escape');
  expect(await vialLock(page)).toMatchObject({ unlocked: true, inProgress: false });
  await expect.poll(() => eepromKey(page, 0, 2, 1)).toBe(0x7c00);
  await expect(byName(page, 'Any')).toBeFocused();
});
