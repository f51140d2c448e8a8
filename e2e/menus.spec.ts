import { test, expect, type Page } from '@playwright/test';
import { canvasKey, firmware, firmwareRequest, openPane, withoutRememberedKeyboards } from './helpers.ts';

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
  await page.getByLabel('Brightness', { exact: true }).blur();
  await expect.poll(() => firmware<number[]>(page, 'customValue', 3, 1, [])).toEqual([40]);

  await page
    .getByRole('button', { name: /Keyboard/ })
    .first()
    .click();
  await page.getByRole('switch', { name: 'Caps Lock indicator' }).check();
  await expect.poll(() => firmware<number[]>(page, 'customValue', 0, 11, [])).toEqual([1]);
  // A keycode control is a picker (as in VIA): its search takes a name, and text that is no keycode picks nothing.
  const stored = () => firmware<number[]>(page, 'customValue', 0, 13, []);
  const before = await stored();
  await page.getByRole('button', { name: /^Knob press action: / }).click();
  const picker = page.getByRole('dialog', { name: 'Choose a keycode: Knob press action' });
  const search = picker.getByRole('searchbox', { name: 'Search keycodes' });
  await search.fill('nonsense');
  await expect(picker.getByText('No keycode matches “nonsense”.')).toBeVisible();
  await search.press('Enter');
  await expect(picker).toBeVisible();
  expect(await stored()).toEqual(before);
  await search.fill('kc_mute');
  await search.press('Enter');
  await expect(picker).toHaveCount(0);
  await expect.poll(stored).toEqual([0x00, 0xa8]);
  await expect(page.getByRole('button', { name: /^Knob press action: / })).toContainText('KC_MUTE');
});

test('v2 Lighting pane: underglow effect writes the legacy lighting value; colour shows for effects that need one', async ({
  page,
}) => {
  await page.goto('/?virtual=lumen65#/');
  await page
    .getByRole('navigation', { name: 'Configure panes' })
    .getByRole('button', { name: 'Lighting' })
    .click();
  // The demo starts lit (Solid Color): with no effect the colour control goes away.
  await page.getByLabel('Underglow Effect', { exact: true }).selectOption({ index: 0 });
  await expect(page.getByLabel('Underglow Color')).toHaveCount(0);
  await page.getByLabel('Underglow Effect', { exact: true }).selectOption({ label: 'Solid Color' });
  await expect.poll(() => firmware<number[]>(page, 'customValue', -1, 0x81, [])).toEqual([1]);
  await expect(page.getByLabel('Underglow Color')).toBeVisible();
  await page.getByLabel('Brightness', { exact: true }).fill('200');
  await page.getByLabel('Brightness', { exact: true }).blur();
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
  // The keycode is picked, as on the Keymap pane: searched by name here.
  await page.getByRole('button', { name: /^Custom 1 press: / }).click();
  const picker = page.getByRole('dialog', { name: 'Choose a keycode: Custom 1 press' });
  await picker.getByLabel('Search keycodes').fill('kc_mute');
  await picker.getByRole('button', { name: 'Mute', exact: true }).click();
  await expect(picker).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Custom 1 press: / })).toBeFocused();
  await expect(page.getByRole('button', { name: /^Custom 1 press: / })).toHaveAccessibleName(
    'Custom 1 press: Mute KC_MUTE',
  );
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
  await expect.poll(() => clock.getAttribute('datetime')).not.toBe(first);
  await page.getByRole('button', { name: 'Time Sync' }).click();
  await expect(page.getByText('Keyboard clock set')).toBeVisible();
  const bytes = await firmware<number[]>(page, 'customValue', 0, 25);
  const seconds = ((bytes[0]! << 24) | (bytes[1]! << 16) | (bytes[2]! << 8) | bytes[3]!) >>> 0;
  const expected = await page.evaluate(
    () => Math.floor(Date.now() / 1000) - new Date().getTimezoneOffset() * 60,
  );
  expect(Math.abs(seconds - expected)).toBeLessThan(10);
});

test('colour palette: keys show their LED colours; click and drag paint with the chosen hue, right click does not', async ({
  page,
}) => {
  await openPane(page, 'Lighting');
  await page
    .getByRole('navigation', { name: 'Lighting' })
    .getByRole('button', { name: 'Per-key colour' })
    .click();
  const definition = (await (await page.request.get(`/definitions/v3/${0x4b4c0002}.json`)).json()) as {
    layouts: { keys: { row: number; col: number; li?: number }[] };
  };
  const led = (row: number, col: number) =>
    definition.layouts.keys.find((k) => k.row === row && k.col === col)!.li!;
  const color = (row: number, col: number) =>
    firmware<number[]>(page, 'customValue', 0, 1, [led(row, col), 1]);
  const q = canvasKey(page, /^row 2, column 1:/);
  // Unpainted LEDs read hue 0, saturation 0: white keycaps.
  await expect(q.locator('polygon').first()).toHaveCSS('fill', 'rgb(255, 255, 255)');

  await page.getByRole('button', { name: 'Hue 144°' }).click();
  await q.scrollIntoViewIfNeeded();
  const from = (await q.boundingBox())!;
  const to = (await canvasKey(page, /^row 2, column 3:/).boundingBox())!;
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 8 });
  await page.mouse.up();
  for (const col of [1, 2, 3]) await expect.poll(() => color(2, col)).toEqual([102, 255]);
  await expect(q.locator('polygon').first()).not.toHaveCSS('fill', 'rgb(255, 255, 255)');
  // A right click picks nothing and paints nothing.
  await page.getByRole('button', { name: 'Hue 0°' }).click();
  await canvasKey(page, /^row 2, column 4:/).click({ button: 'right' });
  expect(await color(2, 4)).toEqual([0, 0]);
});

test('range constraints: a window that must stay 50 ms above the tap-hold delay pushes that delay down', async ({
  page,
}) => {
  await openPane(page, 'Keyboard');
  await page.getByLabel('Tap hold delay').fill('300');
  await page.getByLabel('Tap hold delay').blur();
  await expect.poll(() => firmware<number[]>(page, 'customValue', 0, 12, [])).toEqual([0x01, 0x2c]);
  await page.getByLabel('Double-tap window').fill('200');
  await page.getByLabel('Double-tap window').blur();
  // 200 ≥ tap hold + 50 is kept by moving the tap-hold delay to 150.
  await expect.poll(() => firmware<number[]>(page, 'customValue', 0, 15, [])).toEqual([0x00, 200]);
  await expect.poll(() => firmware<number[]>(page, 'customValue', 0, 12, [])).toEqual([0x00, 150]);
  await expect(page.getByLabel('Tap hold delay')).toHaveValue('150');
});

/** The custom-value writes (id_custom_set_value, 0x07) of `channel`/`valueId` in the app's command log. */
const customWrites = (page: Page, channel: number, valueId: number) =>
  page.evaluate(
    ([c, v]) =>
      new Promise<number[][]>((resolve) => {
        const answer = (e: MessageEvent) => {
          if (e.data?.type !== 'keyloom:command-log') return;
          window.removeEventListener('message', answer);
          const entries = e.data.entries as { direction: string; bytes: number[] }[];
          resolve(
            entries
              .filter(
                (x) => x.direction === 'out' && x.bytes[0] === 0x07 && x.bytes[1] === c && x.bytes[2] === v,
              )
              .map((x) => x.bytes.slice(0, 4)),
          );
        };
        window.addEventListener('message', answer);
        window.postMessage({ type: 'keyloom:command-log:request' }, '*');
      }),
    [channel, valueId] as const,
  );

test('a custom-menu slider writes once when a drag is let go, and once per arrow key press, as Keychron sliders do', async ({
  page,
}) => {
  await openPane(page, 'Lighting');
  const brightness = page.getByRole('slider', { name: 'Brightness', exact: true });
  await expect(brightness).toBeVisible();
  const before = (await customWrites(page, 3, 1)).length;
  const box = (await brightness.boundingBox())!;
  const y = box.y + box.height / 2;
  await page.mouse.move(box.x + box.width * 0.2, y);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width * 0.8, y, { steps: 8 });
  await page.mouse.up();
  const dropped = Number(await brightness.inputValue());
  await expect.poll(() => firmware<number[]>(page, 'customValue', 3, 1, [])).toEqual([dropped]);
  // One write, of the value let go at: none for the steps on the way.
  expect((await customWrites(page, 3, 1)).slice(before)).toEqual([[0x07, 3, 1, dropped]]);

  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await expect.poll(() => firmware<number[]>(page, 'customValue', 3, 1, [])).toEqual([dropped + 2]);
  expect((await customWrites(page, 3, 1)).slice(before)).toEqual([
    [0x07, 3, 1, dropped],
    [0x07, 3, 1, dropped + 1],
    [0x07, 3, 1, dropped + 2],
  ]);
});

test('a custom-menu slider let go outside itself still writes the value shown', async ({ page }) => {
  await openPane(page, 'Lighting');
  const brightness = page.getByRole('slider', { name: 'Brightness', exact: true });
  await expect(brightness).toBeVisible();
  const start = await firmware<number[]>(page, 'customValue', 3, 1, []);
  const box = (await brightness.boundingBox())!;
  const y = box.y + box.height / 2;
  await page.mouse.move(box.x + box.width * 0.2, y);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width * 0.7, y, { steps: 6 });
  // The pointer leaves the slider (well below it) before the button is let go.
  await page.mouse.move(box.x + box.width * 0.7, y + 250, { steps: 4 });
  await page.mouse.up();
  const dropped = Number(await brightness.inputValue());
  expect([dropped]).not.toEqual(start);
  await expect.poll(() => firmware<number[]>(page, 'customValue', 3, 1, [])).toEqual([dropped]);
});
