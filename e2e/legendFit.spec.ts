// Issue 38: key-face legends are measured in their font, so a legend that fits is never cut.
import { test, expect } from '@playwright/test';
import { canvasKey, withoutRememberedKeyboards } from './helpers.ts';
import { key as zmkKey, openUnlocked } from './zmkHelpers.ts';

test.beforeEach(({ page }) => withoutRememberedKeyboards(page));

/** The text a key face draws, line by line. */
const legendLines = (key: ReturnType<typeof zmkKey>) =>
  key.locator('.key-legend').evaluateAll((all) => all.map((t) => t.textContent));

test("ZMK's sticky layer to Adjust reads 'SL' over 'Adjust', whole (it read 'SL' over 'Adju…')", async ({
  page,
}) => {
  await openUnlocked(page);
  const sticky = zmkKey(page, 40);
  await expect(sticky).toHaveAttribute('aria-label', /Sticky Layer: Adjust/);
  expect(await legendLines(sticky)).toEqual(['SL', 'Adjust']);
});

test("RGB brightness down on a 1.25u key reads 'Bright -', whole (a flat 0.6 em a character cut it)", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1400, height: 900 });
  await page.goto('/?virtual=aurora75#/');
  const ctrl = canvasKey(page, /^row 5, column 0: /);
  await ctrl.click();
  await page
    .getByRole('navigation', { name: 'Keycode categories' })
    .getByRole('button', { name: 'Lighting', exact: true })
    .click();
  await page
    .locator('.keycode-grid')
    .getByRole('button', { name: 'Bright -, RGB matrix brightness down' })
    .click();
  await expect(ctrl).toHaveAttribute('aria-label', /Bright -/);
  expect(await legendLines(ctrl)).toEqual(['Bright -']);
});
