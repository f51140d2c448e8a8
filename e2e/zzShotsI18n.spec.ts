import { test, expect } from '@playwright/test';
for (const lng of ['ja', 'ko']) {
  test(`shot ${lng}`, async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem('keyloom-virtual-keyboards', '[]'));
    await page.addInitScript((l) => localStorage.setItem('via-app-store', JSON.stringify({ language: l })), lng);
    await page.setViewportSize({ width: 1400, height: 900 });
    await page.goto('/?virtual=aurora75#/');
    await expect(page.getByTestId('keyboard-canvas')).toBeVisible();
    await page.locator('[data-testid="keyboard-canvas"] [role="button"]').nth(40).click();
    const nav = page.locator('.keycode-category-nav, nav').filter({ has: page.locator('button') }).last();
    await nav.locator('button').nth(5).click();
    await page.locator('.keycode-grid button').nth(3).hover();
    await page.screenshot({ path: `/tmp/i18n-work/shots/${lng}-lighting.png` });
    await nav.locator('button').nth(4).click();
    await page.locator('.keycode-grid [data-code="QK_GESC"]').hover();
    await page.locator('.keymap-tools-keys summary').click();
    await page.screenshot({ path: `/tmp/i18n-work/shots/${lng}-special.png` });
  });
}
