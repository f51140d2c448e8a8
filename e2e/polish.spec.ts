import path from 'node:path';
import { test, expect, type Page } from '@playwright/test';
import { VIA_DEFINITIONS_DIR } from '../tests/fixtures/paths.ts';
import {
  canvasKey as key,
  eepromKey,
  firmware,
  firmwareRequest,
  injectFault,
  openPane,
  withoutRememberedKeyboards,
} from './helpers.ts';

test.beforeEach(({ page }) => withoutRememberedKeyboards(page));

const gridButton = (page: Page, name: string) =>
  page.locator('.keycode-grid').getByRole('button', { name, exact: true });

test('the empty screen offers Authorize device, which reloads the device list', async ({ page }) => {
  await page.goto('/#/');
  const authorize = page.getByRole('button', { name: 'Authorize device' });
  await expect(authorize).toBeVisible();
  // Count the reloads the button asks for (the browser's chooser itself cannot be driven headless).
  await page.evaluate(() => {
    const store = (
      window as unknown as {
        __keyloom: {
          stores: {
            runtime: {
              store: {
                getState(): { refresh(): Promise<void> };
                setState(s: object): void;
              };
            };
          };
        };
      }
    ).__keyloom.stores.runtime.store;
    const refresh = store.getState().refresh;
    (window as unknown as { refreshes: number }).refreshes = 0;
    store.setState({
      refresh: () => {
        (window as unknown as { refreshes: number }).refreshes++;
        return refresh();
      },
    });
  });
  await authorize.click();
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { refreshes: number }).refreshes))
    .toBeGreaterThan(0);
});

test('friendly legends on the grid, the hover bar and the keys’ accessible names', async ({ page }) => {
  await page.goto('/?virtual=aurora75#/');
  await expect(key(page, /^row 0, column 1: F1$/)).toBeVisible();
  await key(page, /^row 3, column 1: A$/).click();
  await page.getByRole('button', { name: 'Media', exact: true }).click();
  // The name says the legend first, then what it means (WCAG 2.5.3 Label in Name).
  const volume = gridButton(page, 'Vol +, Volume up');
  await expect(volume).toHaveText('Vol +');
  await volume.hover();
  await expect(page.locator('.hover-bar')).toHaveText('KC_VOLU: Volume up');
  // Leaving the grid clears the bar.
  await page.mouse.move(5, 5);
  await expect(page.locator('.hover-bar')).not.toContainText('KC_VOLU');
  await page.getByRole('button', { name: 'Special', exact: true }).click();
  await expect(gridButton(page, 'Swap hands toggle')).toBeVisible();

  await key(page, /^row 5, column 6: Space$/).click();
  await page.getByRole('button', { name: 'Any', exact: true }).click();
  await page.getByLabel('Please enter your desired QMK keycode or hex code:').fill('LT(2,KC_SPC)');
  await page.keyboard.press('Enter');
  await expect.poll(() => eepromKey(page, 0, 5, 6)).toBe(0x422c);
  await expect(key(page, /^row 5, column 6: Layer-tap 2, Space, LT 2 Space$/)).toBeVisible();
});

test('a first layer holding a layer-tap key shows its legend at once, without waiting for every legend row', async ({
  page,
}) => {
  await page.goto('/?virtual=aurora75#/');
  await expect(key(page, /^row 5, column 6: Space$/)).toBeVisible();
  await firmwareRequest(page, 0x05, 0, 5, 6, 0x42, 0x2c); // layer 0's space bar holds LT(2,KC_SPC)
  // The later legend rows and keycode tables never arrive: the keymap waits only for the composite keycodes' code.
  await page.route(/\/assets\/(legendTableMore|fullKeycodeTables)-/, () => undefined);
  await page.reload();
  await expect(key(page, /^row 5, column 6: Layer-tap 2, Space, LT 2 Space$/)).toBeVisible();
});

test('arrow keys reach the Any modal’s suggestions; Enter picks the highlighted one', async ({ page }) => {
  await page.goto('/?virtual=aurora75#/');
  await key(page, /^row 3, column 1: A$/).click();
  await page.getByRole('button', { name: 'Special', exact: true }).click();
  await page.getByRole('button', { name: 'Any', exact: true }).click();
  const input = page.getByLabel('Please enter your desired QMK keycode or hex code:');
  await input.fill('KC_F1');
  const options = page.getByRole('listbox', { name: 'Suggestions' }).getByRole('option');
  await expect(options.first()).toBeVisible();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await expect(options.nth(1)).toHaveAttribute('aria-selected', 'true');
  const second = (await options.nth(1).textContent())!;
  await page.keyboard.press('Enter');
  await expect(input).toHaveValue(second);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog', { name: 'Any keycode' })).toBeHidden();
  await expect(key(page, new RegExp(`^row 3, column 1: ${second.replace('KC_', '')}$`))).toBeVisible();
});

test('keycode search while typing {KC_ in the macro script editor', async ({ page }) => {
  await page.goto('/?virtual=aurora75#/');
  await page.getByRole('button', { name: 'Macros' }).click();
  await page.getByRole('tab', { name: 'Script' }).click();
  const script = page.getByLabel('Macro M0');
  await script.click();
  await page.keyboard.type('Hi{KC_ENT');
  const options = page.getByRole('listbox', { name: 'Suggestions' }).getByRole('option');
  await expect(options.first()).toHaveText('KC_ENT');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(script).toHaveValue('Hi{KC_ENT}');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect
    .poll(async () => (await firmware<number[]>(page, 'macroBuffer')).slice(0, 6))
    .toEqual([0x48, 0x69, 0x01, 0x01, 0x28, 0x00]);
});

test('an encoder assignment is undone and redone', async ({ page }) => {
  await page.goto('/?virtual=aurora75#/');
  await key(page, /^Encoder 0, row 0, column 14/).click();
  const before = await firmware(page, 'getEncoderKeycode', 0, 0, true);
  await page.getByRole('radio', { name: /Rotate Clockwise/ }).click();
  await page.getByRole('button', { name: 'Media', exact: true }).click();
  await gridButton(page, 'Next track').click();
  await expect.poll(() => firmware(page, 'getEncoderKeycode', 0, 0, true)).toBe(0x00ab);
  await page.getByRole('button', { name: 'Undo the last change', exact: true }).click();
  await expect.poll(() => firmware(page, 'getEncoderKeycode', 0, 0, true)).toBe(before);
  await expect(page.getByRole('radio', { name: /Rotate Clockwise/ })).not.toContainText('KC_MNXT');
  await page.keyboard.press('Control+Shift+z');
  await expect.poll(() => firmware(page, 'getEncoderKeycode', 0, 0, true)).toBe(0x00ab);
});

test('a failed key write reverts the key and says so in the pane; the failure is logged once', async ({
  page,
}) => {
  await page.goto('/?virtual=aurora75#/');
  await key(page, /^row 3, column 1: A$/).click();
  await injectFault(page, { kind: 'error238' }, { command: 0x05, times: 4 });
  await gridButton(page, 'B').click();
  await expect(page.getByRole('alert')).toContainText(
    "Couldn't write the key at row 3, column 1 on layer 0: it shows A again.",
  );
  await expect(key(page, /^row 3, column 1: A$/)).toHaveAttribute('data-failed', 'true');
  await expect(page.getByRole('link', { name: '1 error' })).toBeVisible();
});

test('closing the keycode modal puts focus back on the key that opened it', async ({ page }) => {
  await page.goto('/?virtual=aurora75#/');
  await key(page, /^row 3, column 2: S$/).click();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog', { name: 'Any keycode' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(key(page, /^row 3, column 2: S$/)).toBeFocused();
  await page.keyboard.press('Enter');
  await page.getByLabel('Please enter your desired QMK keycode or hex code:').fill('KC_B');
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(key(page, /^row 3, column 2: B$/)).toBeFocused();
});

test('a range constraint works in both directions', async ({ page }) => {
  await openPane(page, 'Keyboard');
  const hold = page.getByRole('slider', { name: 'Tap hold delay' });
  const double = page.getByRole('slider', { name: 'Double-tap window' });
  const stored = async (valueId: number) => {
    const [hi, lo] = (await firmware<number[]>(page, 'customValue', 0, valueId)) ?? [0, 0];
    return (hi! << 8) | lo!;
  };
  // Raising tap-hold to 500 pushes double-tap to 550 (double-tap ≥ tap-hold + 50).
  await hold.fill('500');
  await hold.blur();
  await expect(double).toHaveValue('550');
  await expect.poll(() => stored(15)).toBe(550);
  await expect.poll(() => stored(12)).toBe(500);
  // Lowering double-tap to 200 pushes tap-hold down to 150.
  await double.fill('200');
  await double.blur();
  await expect(hold).toHaveValue('150');
  await expect.poll(() => stored(12)).toBe(150);
});

test('default legends follow the keys’ positions: the Orbit Pad and a board built from a definition', async ({
  page,
}) => {
  await page.goto('/?virtual=orbitpad#/');
  await expect(key(page, /^Encoder 0, row 0, column 3: Mute$/)).toBeVisible();
  const pad = ['Numpad 7', 'Numpad 8', 'Numpad 9', 'Numpad /'];
  for (const [col, name] of pad.entries())
    await expect(key(page, new RegExp(`^row 1, column ${col}: ${name.replace('/', '\\/')}$`))).toBeVisible();
  await expect(key(page, /^row 3, column 0: Numpad 1$/)).toBeVisible();

  await page.getByTestId('keyboard-badge').click();
  await page.getByRole('menuitem', { name: 'Try a virtual keyboard' }).click();
  await page
    .getByLabel('Build one from a keyboard definition file…')
    .setInputFiles(path.join(VIA_DEFINITIONS_DIR, 'v3/kalakos__bahrnob65.json'));
  await page.getByRole('button', { name: 'Build keyboard' }).click();
  await expect(key(page, /^row 1, column 1: Q$/)).toBeVisible();
  for (const [col, name] of ['Tab', 'Q', 'W', 'E', 'R', 'T', 'Y'].entries())
    await expect(key(page, new RegExp(`^row 1, column ${col}: ${name}$`))).toBeVisible();
  await expect(key(page, /^row 0, column 1: 1$/)).toBeVisible();
});
