import { test, expect, type Locator, type Page } from '@playwright/test';
import { canvasKey, eepromKey, injectFault, vial, vialLock, vialRgbState } from './helpers.ts';

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('keyloom-virtual-keyboards', '[]'));
});

/** The Vial demo (VialRGB: 17 effects, brightness up to 200) on its Lighting pane. */
async function openLighting(page: Page) {
  await page.goto('/?virtual=vial-demo#/');
  await expect(page.getByTestId('keyboard-canvas')).toBeVisible();
  await page
    .getByRole('navigation', { name: 'Configure panes' })
    .getByRole('button', { name: 'Lighting', exact: true })
    .click();
  await expect(page.getByLabel('Effect')).toBeVisible();
}

const START = { effect: 14, speed: 127, hue: 0, saturation: 255, brightness: 200 };

test('VialRGB: effect, brightness, speed and colour go to the keyboard at once; Save keeps them after a replug', async ({
  page,
}) => {
  await openLighting(page);
  const effect = page.getByLabel('Effect');
  // Only the keyboard's effects, Off first, in VialRGB's order; the current one chosen.
  await expect(effect.locator('option')).toHaveCount(18);
  await expect(effect.locator('option').first()).toHaveText('Off');
  await expect(effect).toHaveValue('14');
  await expect(effect.locator('option:checked')).toHaveText('Cycle Left Right');
  await expect(effect.locator('option', { hasText: 'Band Sat' })).toHaveCount(0);
  expect(await vialRgbState(page)).toEqual({ ram: START, saved: START });

  await effect.selectOption({ label: 'Breathing' });
  await expect.poll(async () => (await vialRgbState(page))!.ram.effect).toBe(6);

  // Brightness stops at the keyboard's maximum (RGB_MATRIX_MAXIMUM_BRIGHTNESS 200).
  const brightness = page.getByLabel(/^Brightness/);
  await expect(brightness).toHaveAttribute('max', '200');
  await expect(page.getByText("Up to 200, the keyboard's maximum")).toBeVisible();
  await brightness.fill('120');
  await page.getByLabel('Speed').fill('200');
  await expect
    .poll(async () => (await vialRgbState(page))!.ram)
    .toMatchObject({ effect: 6, brightness: 120, speed: 200 });

  await page.getByRole('button', { name: /^Color: #/ }).click();
  const hex = page.getByRole('dialog', { name: 'Color' }).getByLabel('Hex');
  await hex.fill('#00ff00');
  await hex.press('Enter');
  await expect.poll(async () => (await vialRgbState(page))!.ram).toMatchObject({ hue: 85, saturation: 255 });
  await expect(page.getByRole('button', { name: 'Color: #00ff00' })).toBeFocused();
  // Nothing is in EEPROM until Save.
  expect((await vialRgbState(page))!.saved).toEqual(START);

  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Saved on the keyboard' })).toBeVisible();
  const saved = { effect: 6, speed: 200, hue: 85, saturation: 255, brightness: 120 };
  expect(await vialRgbState(page)).toEqual({ ram: saved, saved });

  // The page reloads: the board starts from its EEPROM, and the pane reads it back.
  await openLighting(page);
  await expect(page.getByLabel('Effect')).toHaveValue('6');
  await expect(page.getByLabel(/^Brightness/)).toHaveValue('120');
  expect((await vialRgbState(page))!.ram).toEqual(saved);
});

test('VialRGB: the Lighting pane sits on a card, as the other panes do', async ({ page }) => {
  await openLighting(page);
  // The box holding the controls inside the pane: its frame, as the Tap Dance pane's card has it.
  const frame = (control: Locator) =>
    control.evaluate((control) => {
      for (let e = control.parentElement; e && !e.classList.contains('pane-content'); e = e.parentElement) {
        const style = getComputedStyle(e);
        if (style.borderTopStyle !== 'none' && style.borderTopWidth !== '0px')
          return {
            border: `${style.borderTopWidth} ${style.borderTopStyle} ${style.borderTopColor}`,
            radius: style.borderTopLeftRadius,
            background: style.backgroundColor,
          };
      }
      return null;
    });
  const lighting = await frame(page.getByLabel('Effect'));
  expect(lighting).not.toBeNull();
  await page
    .getByRole('navigation', { name: 'Configure panes' })
    .getByRole('button', { name: 'Tap Dance', exact: true })
    .click();
  await expect(page.getByLabel('Tapping term')).toBeVisible();
  expect(lighting).toEqual(await frame(page.getByLabel('Tapping term')));
});

test('VialRGB: keyboard use, and Off greys out brightness and colour (the firmware ignores them while off)', async ({
  page,
}) => {
  await openLighting(page);
  const effect = page.getByLabel('Effect');
  await effect.focus();
  await page.keyboard.press('ArrowDown'); // Cycle Left Right → Rainbow Moving Chevron (16)
  await expect.poll(async () => (await vialRgbState(page))!.ram.effect).toBe(16);
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Speed')).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await expect.poll(async () => (await vialRgbState(page))!.ram.speed).toBe(128);

  await effect.selectOption({ label: 'Off' });
  await expect.poll(async () => (await vialRgbState(page))!.ram.effect).toBe(0);
  await expect(page.getByLabel(/^Brightness/)).toBeDisabled();
  await expect(page.getByRole('button', { name: /^Color: #/ })).toBeDisabled();
  await expect(page.getByText('Lighting is off: choose an effect')).toBeVisible();
});

test('VialRGB: a write the keyboard does not take is named and the pane goes back to what it holds', async ({
  page,
}) => {
  await openLighting(page);
  await vial(page, 'ignoreRgbWrites', true);
  await page.getByLabel(/^Brightness/).fill('50');
  await expect(page.getByRole('alert')).toContainText('Not changed on the keyboard');
  await expect(page.getByRole('alert')).toContainText(
    'holds effect 14, speed 127, colour 0/255, brightness 200',
  );
  await expect(page.getByLabel(/^Brightness/)).toHaveValue('200');
  expect((await vialRgbState(page))!.ram).toEqual(START);
  await page.getByRole('button', { name: 'Dismiss' }).click();
  await expect(page.getByRole('alert')).toBeHidden();
});

test('VialRGB: a lost reply is named; the pane shows what the keyboard holds once read again', async ({
  page,
}) => {
  await openLighting(page);
  await injectFault(page, { kind: 'drop' }, { command: 0x07, times: 'always' });
  await page.getByLabel('Speed').fill('30');
  await expect(page.getByRole('alert')).toContainText('No reply from the keyboard');
  // The firmware took it (only its replies were lost): the pane says so rather than pretending otherwise.
  await expect(page.getByLabel('Speed')).toHaveValue('30');
  expect((await vialRgbState(page))!.ram.speed).toBe(30);
});

test("VialRGB: the keymap picker offers QMK's RGB controls, written in the board's Vial numbering", async ({
  page,
}) => {
  await page.goto('/?virtual=vial-demo#/');
  await canvasKey(page, /^row 0, column 1: /).click();
  await page
    .getByRole('navigation', { name: 'Keycode categories' })
    .getByRole('button', { name: 'Lighting' })
    .click();
  const grid = page.getByRole('group', { name: 'Lighting' });
  // Toggle, next/previous effect, hue, saturation, brightness and speed up/down; no fixed-effect keys.
  await expect(grid.getByRole('button')).toHaveCount(11);
  await grid.locator('[data-code="UG_TOGG"]').click();
  // vial-qmk (Vial protocol 6) numbers RGB_TOG as QMK does: 0x7820.
  await expect.poll(() => eepromKey(page, 0, 0, 1)).toBe(0x7820);
});

test('VialRGB after a cancelled unlock: the pane says the unlock is unfinished (not "update its firmware"); finished, it reads', async ({
  page,
}) => {
  await page.goto('/?virtual=vial-demo#/');
  await expect(page.getByRole('status').filter({ hasText: 'Vial: locked' })).toBeVisible();
  const panes = page.getByRole('navigation', { name: 'Configure panes' });
  // A macro save asks for the unlock; Cancel stops waiting, but the keyboard stays in its unlock.
  await panes.getByRole('button', { name: 'Macros', exact: true }).click();
  await page.getByRole('tab', { name: 'Script' }).click();
  await page.getByLabel('Macro M0').fill('x');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  const unlock = page.getByRole('dialog', { name: 'Unlock Keyloom Vial 60' });
  await unlock.getByRole('button', { name: 'Cancel' }).click();
  await panes.getByRole('button', { name: 'Lighting', exact: true }).click();
  const alert = page.getByRole('alert');
  await expect(alert).toContainText(
    'The keyboard ignores lighting requests while its Vial unlock is unfinished.',
  );
  await expect(alert).not.toContainText('firmware');

  // Finishing the unlock from the keyboard: Enter on "Finish unlock…" opens the dialog and stays held, Esc joins
  // it (they press the virtual board's switches); the dialog counts and closes once the board is unlocked.
  const finish = page.getByRole('button', { name: 'Finish unlock…' });
  await finish.focus();
  await page.keyboard.down('Enter');
  await expect(unlock).toBeVisible();
  await expect(unlock).toContainText('0 of 50');
  await page.keyboard.down('Escape');
  // Enter's first press went to the button: the dialog hears it held by its auto-repeat.
  await page.keyboard.down('Enter');
  await expect(unlock).toBeHidden();
  await page.keyboard.up('Enter');
  await expect(page.getByRole('status').filter({ hasText: 'Vial: unlocked' })).toBeVisible();
  await page.keyboard.up('Escape');
  await alert.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByLabel('Effect')).toHaveValue('14');
  expect(await vialLock(page)).toMatchObject({ unlocked: true, inProgress: false });
});
