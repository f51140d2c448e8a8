import { test, expect } from '@playwright/test';
import { firmware, firmwareRequest, openPane, withoutRememberedKeyboards } from './helpers.ts';

test.beforeEach(({ page }) => withoutRememberedKeyboards(page));

test('v3 custom menus: one pane per menu; controls write the keyboard and showIf follows the values', async ({
  page,
}) => {
  await page.goto('/?virtual=aurora75#/');
  await page
    .getByRole('button', { name: /Lighting/ })
    .first()
    .click();
  const effect = page.getByLabel('Effect', { exact: true });
  await effect.selectOption({ label: 'Breathing' });
  await expect.poll(() => firmware<number[]>(page, 'customValue', 3, 2, [])).toEqual([2]);
  // Effect Speed only shows for effects above 1.
  await expect(page.getByLabel('Effect Speed')).toBeVisible();
  await effect.selectOption({ label: 'Solid Color' });
  await expect(page.getByLabel('Effect Speed')).toHaveCount(0);
  await page.getByLabel('Brightness', { exact: true }).fill('40');
  await expect.poll(() => firmware<number[]>(page, 'customValue', 3, 1, [])).toEqual([40]);

  await page
    .getByRole('button', { name: /Keyboard/ })
    .first()
    .click();
  await page.getByRole('switch', { name: 'Caps Lock indicator' }).check();
  await expect.poll(() => firmware<number[]>(page, 'customValue', 0, 1, [])).toEqual([1]);
  const knob = page.getByLabel('Knob press action');
  await knob.fill('nonsense');
  await knob.blur();
  await expect(knob).toHaveAttribute('aria-invalid', 'true');
  await knob.fill('kc_mute');
  await knob.blur();
  await expect(knob).toHaveAttribute('aria-invalid', 'false');
  await expect.poll(() => firmware<number[]>(page, 'customValue', 0, 3, [])).toEqual([0x00, 0xa8]);
});

test('v2 Lighting pane: underglow effect writes the legacy lighting value; colour shows for effects that need one', async ({
  page,
}) => {
  await page.goto('/?virtual=lumen65#/');
  await page
    .getByRole('navigation', { name: 'Configure panes' })
    .getByRole('button', { name: 'Lighting' })
    .click();
  await expect(page.getByLabel('Underglow Color')).toHaveCount(0);
  await page.getByLabel('Underglow Effect', { exact: true }).selectOption({ label: 'Solid Color' });
  await expect.poll(() => firmware<number[]>(page, 'customValue', -1, 0x81, [])).toEqual([1]);
  await expect(page.getByLabel('Underglow Color')).toBeVisible();
  await page.getByLabel('Brightness', { exact: true }).fill('200');
  await expect.poll(() => firmware<number[]>(page, 'customValue', -1, 0x09, [])).toEqual([200]);
});

test('v2 Custom Features: encoder modes, OLED modes and custom encoders write keyboard values 128–131', async ({
  page,
}) => {
  await page.goto('/?virtual=lumen65#/');
  // Protocol 9 has no encoder map: selecting the knob explains why it cannot be remapped here.
  await page
    .getByTestId('keyboard-canvas')
    .getByRole('button', { name: /^Encoder 0/ })
    .click();
  await expect(
    page.getByText('Your current firmware does not support rotary encoders.', { exact: false }),
  ).toBeVisible();
  await page
    .getByRole('navigation', { name: 'Configure panes' })
    .getByRole('button', { name: 'Custom Features' })
    .click();
  await expect(
    page.getByText('Only the selected encoder modes will be available on the keyboard'),
  ).toBeVisible();
  await page.getByRole('checkbox', { name: 'Custom 0' }).check();
  await page.getByLabel('Current OLED Mode').selectOption({ label: 'Time' });
  const press = page.getByRole('textbox', { name: 'Custom 1 press' });
  await press.fill('kc_mute');
  await press.blur();
  const values = async () => ({
    modes: (await firmwareRequest(page, 0x02, 0x80))[2],
    oled: (await firmwareRequest(page, 0x02, 0x83))[2],
    custom1: (await firmwareRequest(page, 0x02, 0x82, 1)).slice(3, 9),
  });
  await expect.poll(values).toEqual({ modes: 0x3f, oled: 1, custom1: [0, 0, 0, 0, 0x00, 0xa8] });
});

test('a Date Time menu shows the local clock; Time Sync writes local epoch seconds to the keyboard', async ({
  page,
}) => {
  await openPane(page, 'Date Time', 'orbitpad');
  const clock = page.getByTestId('clock');
  const first = await clock.getAttribute('datetime');
  await expect.poll(() => clock.getAttribute('datetime'), { timeout: 3000 }).not.toBe(first);
  await page.getByRole('button', { name: 'Time Sync' }).click();
  await expect(page.getByText('Keyboard clock set')).toBeVisible();
  const bytes = await firmware<number[]>(page, 'customValue', 0, 25);
  const seconds = ((bytes[0]! << 24) | (bytes[1]! << 16) | (bytes[2]! << 8) | bytes[3]!) >>> 0;
  const expected = await page.evaluate(
    () => Math.floor(Date.now() / 1000) - new Date().getTimezoneOffset() * 60,
  );
  expect(Math.abs(seconds - expected)).toBeLessThan(10);
});
