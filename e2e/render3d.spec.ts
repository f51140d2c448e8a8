import { test, expect } from '@playwright/test';
import { eepromKey, withoutRememberedKeyboards } from './helpers.ts';

test.beforeEach(({ page }) => withoutRememberedKeyboards(page));

test('Render Mode 3D: three.js loads only then; clicking a keycap selects it and a keycode is assigned to it', async ({
  page,
}) => {
  const chunks: string[] = [];
  page.on('request', (r) => r.url().includes('Keyboard3D') && chunks.push(r.url()));
  await page.goto('/?virtual=aurora75#/');
  await expect(page.getByTestId('keyboard-canvas')).toBeVisible();
  expect(chunks).toEqual([]);

  await page.goto('/?virtual=aurora75#/settings');
  await page.getByLabel('Render Mode').selectOption('3D');
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Configure' }).click();
  const view = page.getByTestId('keyboard-3d');
  await expect(view.locator('canvas')).toBeVisible();
  expect(chunks.length).toBeGreaterThan(0);

  // The renderer takes the view's final size a moment after it shows (it measures, then redraws): a click before
  // that is aimed through the old size and lands on another key (on a busy machine, the knob in the corner).
  const box = (await view.boundingBox())!;
  // Its drawing buffer (the canvas's width attribute) follows the size it has measured.
  await expect
    .poll(() =>
      view.locator('canvas').evaluate((c: HTMLCanvasElement) => Math.round(c.width / devicePixelRatio)),
    )
    .toBe(Math.round(box.width));
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  // Clicking a keycap in 3D selects it in the (hidden) accessible board.
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  const chosen = page.getByTestId('keyboard-canvas').locator('[aria-pressed="true"]');
  await expect(chosen).toHaveCount(1);
  // Waited for, not read once: on a busy machine the selection's name can still be settling after the click.
  await expect(chosen).toHaveAttribute('aria-label', /row \d+, column \d+/);
  const [, row, col] = /row (\d+), column (\d+)/.exec((await chosen.getAttribute('aria-label')) ?? '')!;
  // Drawn at a readable size: the board fills the keyboard area's width (it drew ~250 px wide in a 300 px box).
  expect(box.width).toBeGreaterThan(900);
  await page.locator('.keycode-grid').getByRole('button', { name: 'B', exact: true }).click();
  await expect.poll(() => eepromKey(page, 0, Number(row), Number(col))).toBe(0x05);
});
