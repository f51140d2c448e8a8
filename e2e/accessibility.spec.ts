import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test, expect, type Page } from '@playwright/test';
import { VIA_DEFINITIONS_DIR } from '../tests/fixtures/paths.ts';
import { checkAccessibility, serveAxe } from './axe.ts';
import { canvasKey, withoutRememberedKeyboards } from './helpers.ts';
import { key as zmkKey, openUnlocked as openZmk } from './zmkHelpers.ts';

// axe-core's WCAG 2 A/AA rules on every screen and dialog, in the dark and the light theme (issue 30): each
// check waits for what it checks to show, then lists every violation it finds.

// A virtual keyboard's first load takes long on a busy machine (the Vial boards' most): its waits may take this
// long, and a test its own few checks' worth more. Ceilings, not waits.
const FIRST_LOAD = { timeout: 150_000 };
test.describe.configure({ timeout: 300_000 });

test.beforeEach(async ({ page }) => {
  await withoutRememberedKeyboards(page);
  await serveAxe(page);
  await page.setViewportSize({ width: 1400, height: 900 });
});

/** Whatever dialog is open (axe checks it alone: the page behind it was checked before). */
const DIALOG = '[role=dialog], [role=alertdialog]';

const paneMenu = (page: Page) =>
  page.getByRole('navigation', { name: 'Configure panes' }).locator(':scope > button');

/** Opens a demo keyboard on Configure and waits for its panes. */
async function openBoard(page: Page, demo: string): Promise<void> {
  await page.goto(`/?virtual=${demo}#/`);
  await expect(paneMenu(page).first()).toBeVisible(FIRST_LOAD);
}

/** Opens the named panes in turn and checks each (the whole page with the first, then the pane alone). */
async function checkPanes(page: Page, board: string, names: readonly string[]): Promise<void> {
  for (const [index, name] of names.entries()) {
    const button = paneMenu(page).filter({ hasText: new RegExp(`^${name.replace(/[+]/g, '\\$&')}$`) });
    await button.click();
    await expect(button).toHaveAttribute('aria-current', 'true');
    // An on-demand pane renders nothing until its code and strings are here.
    await expect(page.locator('.pane-content')).not.toBeEmpty();
    await checkAccessibility(page, `${board}: ${name} pane`, index === 0 ? undefined : '.pane-content');
  }
}

test('Aurora 75: Keymap, Macros, Lighting, Keyboard, Actuation panes', async ({ page }) => {
  await openBoard(page, 'aurora75');
  await checkPanes(page, 'Aurora 75', ['Keymap', 'Macros', 'Lighting', 'Keyboard', 'Actuation']);
});

test('Aurora 75: Matrix Lighting, Screen, Firmware panes, the Any keycode dialog, the layer tools', async ({
  page,
}) => {
  await openBoard(page, 'aurora75');
  await checkPanes(page, 'Aurora 75', ['Matrix Lighting', 'Screen', 'Firmware']);

  await paneMenu(page)
    .filter({ hasText: /^Keymap$/ })
    .click();
  await canvasKey(page, /^row 3, column 1: /).click();
  await page.getByRole('button', { name: 'Special', exact: true }).click();
  await page.getByRole('button', { name: 'Any', exact: true }).click();
  await expect(page.getByRole('dialog', { name: 'Any keycode' })).toBeVisible();
  await checkAccessibility(page, 'Any keycode dialog', DIALOG);
  await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();

  await page.getByRole('button', { name: 'Layer tools' }).click();
  await expect(page.getByRole('dialog', { name: 'Layer tools' })).toBeVisible();
  await checkAccessibility(page, 'Layer tools dialog', DIALOG);
});

test('Lumen 65: the panes the Aurora 75 has not, and the keycode picker', async ({ page }) => {
  await openBoard(page, 'lumen65');
  await checkPanes(page, 'Lumen 65', ['Layouts', 'Lighting', 'Custom Features']);
  await page.getByRole('button', { name: /^Custom 0 press: / }).click();
  await expect(page.getByRole('dialog', { name: 'Choose a keycode: Custom 0 press' })).toBeVisible();
  await checkAccessibility(page, 'Keycode picker', DIALOG);
  await page.getByLabel('Search keycodes').fill('vol');
  await expect(page.getByRole('group', { name: 'Keycodes matching “vol”' })).toBeVisible();
  await checkAccessibility(page, 'Keycode picker, searched', DIALOG);
});

test('Orbit Pad: the panes the Aurora 75 has not', async ({ page }) => {
  await openBoard(page, 'orbitpad');
  const names = await paneMenu(page).allInnerTexts();
  await checkPanes(
    page,
    'Orbit Pad',
    names.filter((n) => !['Keymap', 'Macros', 'Save + Load'].includes(n)),
  );
});

test('Vial demo: its panes', async ({ page }) => {
  await openBoard(page, 'vial-demo-v5');
  await expect(page.getByRole('button', { name: 'Tap Dance', exact: true })).toBeVisible(FIRST_LOAD);
  await checkPanes(page, 'Vial demo', [
    'Keymap',
    'Layouts',
    'Macros',
    'Lighting',
    'Tap Dance',
    'Combos',
    'Key Overrides',
    'QMK Settings',
  ]);
});

test('ZMK demo: locked, then the same frame as a VIA board with its panes, the layer menu and the layer tools', async ({
  page,
}) => {
  await page.goto('/?virtual=zmk-demo#/');
  const lock = page.getByTestId('zmk-lock');
  await expect(lock).toContainText('The keyboard is locked', FIRST_LOAD);
  await checkAccessibility(page, 'ZMK demo: locked');
  await lock.getByRole('button', { name: 'Press the unlock key (virtual keyboard)' }).click();
  await expect(paneMenu(page).first()).toBeVisible(FIRST_LOAD);
  await canvasKey(page, /^Key 1: /).click();
  await checkPanes(page, 'ZMK demo', ['Keymap', 'Save + Load']);
  await page.getByRole('button', { name: 'Layer 1: Lower', exact: true }).click();
  await expect(page.getByTestId('layer-reach')).toBeVisible();
  await checkAccessibility(page, 'ZMK demo: the layer tools on layer 1');
  await page.getByRole('button', { name: 'Layer tools' }).click();
  await expect(page.getByRole('dialog', { name: 'Layer tools' })).toBeVisible();
  await checkAccessibility(page, 'ZMK demo: layer tools dialog', DIALOG);
});

test('Key Tester (typed keys and the switch matrix) and Settings', async ({ page }) => {
  await page.goto('/?virtual=aurora75&debug-prod=1#/test');
  await expect(page.getByRole('group', { name: 'Full-size test keyboard' })).toBeVisible(FIRST_LOAD);
  await checkAccessibility(page, 'Key Tester');
  await page.getByRole('switch', { name: 'Test Matrix' }).check();
  await expect(page.getByRole('group', { name: 'Connected keyboard, switch matrix' })).toBeVisible(
    FIRST_LOAD,
  );
  await checkAccessibility(page, 'Key Tester, matrix test');

  await page.evaluate(() => void (window.location.hash = '#/settings'));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Settings');
  await checkAccessibility(page, 'Settings');
});

test('Save + Load on the Aurora 75: load preview, print sheet, export and import dialogs', async ({
  page,
}) => {
  await page.addInitScript(() => {
    // Headless Chromium would open a native dialog: the download takes its place.
    delete (window as unknown as Record<string, unknown>).showSaveFilePicker;
  });
  await openBoard(page, 'aurora75');
  await paneMenu(page)
    .filter({ hasText: /^Save \+ Load$/ })
    .click();
  await checkAccessibility(page, 'Aurora 75: Save + Load pane', '.pane-content');
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  const layout = JSON.parse(await readFile((await (await download).path())!, 'utf8')) as {
    layers: string[][];
  };
  layout.layers[0]![3 * 16 + 1] = 'LT(1,KC_Z)';
  const file = path.join(await mkdtemp(path.join(tmpdir(), 'kl-a11y-')), 'changed.layout.json');
  await writeFile(file, JSON.stringify(layout));
  await page.getByLabel('Load Saved Layout').setInputFiles(file);
  await expect(page.getByTestId('load-preview-canvas')).toBeVisible();
  await checkAccessibility(page, 'Load preview', DIALOG);
  await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();

  await page.getByRole('button', { name: 'Print keymap' }).click();
  await expect(page.getByTestId('print-view').getByRole('heading', { level: 2 }).first()).toBeVisible();
  await checkAccessibility(page, 'Print sheet', '[data-testid=print-view]');
  await page.getByTestId('print-view').getByRole('button', { name: 'Close' }).click();

  await page.getByRole('button', { name: 'Export…' }).click();
  await expect(page.getByTestId('export-dialog')).toBeVisible();
  await checkAccessibility(page, 'Export dialog', DIALOG);
  await page.getByRole('button', { name: 'Close' }).click();

  await page.getByRole('button', { name: 'Import…' }).click();
  await expect(page.getByRole('button', { name: 'Read and preview' })).toBeVisible();
  await checkAccessibility(page, 'Import dialog', DIALOG);
});

test('Vial demo: the colour dialog and the unlock dialog', async ({ page }) => {
  await page.goto('/?virtual=vial-demo#/');
  await expect(page.getByRole('status').filter({ hasText: 'Vial: locked' })).toBeVisible(FIRST_LOAD);
  await paneMenu(page)
    .filter({ hasText: /^Lighting$/ })
    .click();
  await page.getByRole('button', { name: /^Color: #/ }).click();
  await expect(page.getByRole('dialog', { name: 'Color' })).toBeVisible();
  await checkAccessibility(page, 'Colour dialog', DIALOG);
  await page.keyboard.press('Escape');

  await paneMenu(page)
    .filter({ hasText: /^Macros$/ })
    .click();
  await page.getByRole('tab', { name: 'Script' }).click();
  await page.getByLabel('Macro M0').fill('unlock first');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByRole('dialog', { name: 'Unlock Keyloom Vial 60' })).toBeVisible();
  await checkAccessibility(page, 'Vial unlock dialog', DIALOG);
});

test('Errors, Design, Debug and the Orbit Pad’s Boot screens', async ({ page }) => {
  await page.goto('/?virtual=orbitpad&debug-prod=1#/');
  await expect(page.getByTestId('keyboard-badge')).toHaveText(/Keyloom Orbit Pad/, FIRST_LOAD);
  await page.evaluate(() => {
    const hook = (
      window as unknown as {
        __keyloom: { stores: { errors: { getState(): { logAppError(e: object): void } } } };
      }
    ).__keyloom;
    hook.stores.errors
      .getState()
      .logAppError({ message: 'Receiving incorrect response for command, "0x04"' });
  });
  const menu = page.getByRole('navigation', { name: 'Main menu' });
  await menu.getByRole('link', { name: /^1 error/ }).click();
  await expect(page.getByRole('row').nth(1)).toBeVisible();
  await checkAccessibility(page, 'Errors');

  await menu.getByRole('link', { name: 'Boot', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Boot');
  await checkAccessibility(page, 'Boot');
  await menu.getByRole('link', { name: 'Boot 2' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Boot 2');
  await checkAccessibility(page, 'Boot 2');

  await menu.getByRole('link', { name: 'Debug' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Debug');
  await checkAccessibility(page, 'Debug');
  await page.getByRole('button', { name: 'Clear all macros' }).click();
  await expect(page.getByRole('alertdialog')).toBeVisible();
  await checkAccessibility(page, 'A question asked first', DIALOG);
  await page.getByRole('alertdialog').getByRole('button', { name: 'Cancel' }).click();

  await menu.getByRole('link', { name: 'Settings' }).click();
  await page.getByRole('switch', { name: 'Show Design tab' }).check();
  await menu.getByRole('link', { name: 'Design' }).click();
  await expect(page.getByRole('alertdialog')).toBeVisible();
  await checkAccessibility(page, 'Design, its first-visit note');
  await page.getByRole('alertdialog').getByRole('button', { name: 'OK' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Design');
  await checkAccessibility(page, 'Design');
});

test('No keyboard, the virtual keyboard dialog, its build step, a keyboard without a definition, the doctor', async ({
  page,
}) => {
  await page.goto('/#/');
  await expect(page.getByRole('button', { name: 'Authorize device' })).toBeVisible();
  await checkAccessibility(page, 'No keyboard');

  await page.getByRole('button', { name: 'Try a virtual keyboard' }).first().click();
  await expect(page.getByRole('dialog').getByRole('button', { name: /Keyloom Orbit Pad/ })).toBeVisible();
  await checkAccessibility(page, 'Virtual keyboard dialog', DIALOG);
  await page
    .getByLabel('Build one from a keyboard definition file…')
    .setInputFiles(path.join(VIA_DEFINITIONS_DIR, 'v2/work_louder__work_board_e.json'));
  await expect(page.getByRole('button', { name: 'Build keyboard' })).toBeVisible();
  await checkAccessibility(page, 'Build a virtual keyboard', DIALOG);
  await page.keyboard.press('Escape');

  await page.goto('/?virtual=unknown#/');
  await expect(page.getByTestId('keyboard-badge')).toHaveText(/no definition/, FIRST_LOAD);
  await checkAccessibility(page, 'Keyboard without a definition');

  await page.getByTestId('keyboard-badge').click();
  await expect(page.getByRole('menu')).toBeVisible();
  await checkAccessibility(page, 'Keyboard menu', '[role=menu]');
  await page.getByRole('menuitem', { name: 'Connection doctor…' }).click();
  await expect(page.getByRole('dialog', { name: 'Connection doctor' })).toBeVisible();
  await checkAccessibility(page, 'Connection doctor', DIALOG);
});

test('the firmware dialog from a link, and a keymap shared by link', async ({ page }) => {
  await page.goto('/?virtual=aurora75&firmware=4b4c:0002#/');
  const modal = page.getByRole('dialog', { name: 'Firmware update: Keyloom Aurora 75' });
  await expect(modal.getByTestId('firmware-version')).toHaveText('1.0.2', FIRST_LOAD);
  await checkAccessibility(page, 'Firmware dialog', DIALOG);
  await page.keyboard.press('Escape');
  await expect(modal).toHaveCount(0);

  await paneMenu(page)
    .filter({ hasText: /^Save \+ Load$/ })
    .click();
  await page.getByRole('button', { name: 'Copy link' }).click();
  await page.goto(await page.getByTestId('share-link').inputValue());
  await expect(page.getByRole('button', { name: 'Load into my keyboard' })).toBeVisible(FIRST_LOAD);
  await checkAccessibility(page, 'Shared keymap');
});

test("ZMK demo: the binding editor with the shared keycode picker and Any, a Mod-Tap's hold and tap, the Save + Load formats", async ({
  page,
}) => {
  await openZmk(page);
  await zmkKey(page, 1).click();
  await expect(page.getByRole('group', { name: 'Basic' })).toBeVisible();
  // The pane alone: the layer bar is the screen's (its buttons' names miss their visible '0 Base', axe says).
  await checkAccessibility(page, 'ZMK demo: Keymap pane, a key picked', '.pane-content');
  await page.getByRole('button', { name: 'Any', exact: true }).click();
  await page.getByRole('dialog', { name: 'Any keycode' }).getByRole('combobox').fill('LS(N');
  await expect(page.getByRole('listbox', { name: 'Suggestions' })).toBeVisible();
  await checkAccessibility(page, 'ZMK demo: Any, suggesting', DIALOG);
  await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
  await page.getByLabel('Behavior').selectOption({ label: 'Mod-Tap' });
  await expect(page.getByRole('group', { name: 'Tap: Key' })).toBeVisible();
  await checkAccessibility(page, 'ZMK demo: Mod-Tap binding', '.pane-content');
  await paneMenu(page)
    .filter({ hasText: /^Save \+ Load$/ })
    .click();
  await expect(page.getByTestId('zmk-import')).toBeVisible();
  await checkAccessibility(page, 'ZMK demo: its formats in Save + Load', '.pane-content');
});
