import { test, expect } from '@playwright/test';
import { canvasKey as key, firmwareRequest } from './helpers.ts';

test('a range value stored outside its bounds shows clamped and flagged', async ({ page }) => {
  // Only the first load starts from a clean machine: the reload below finds the same remembered keyboard.
  await page.addInitScript(() => {
    if (!sessionStorage.getItem('seeded')) {
      localStorage.setItem('keyloom-virtual-keyboards', '[]');
      sessionStorage.setItem('seeded', '1');
    }
  });
  await page.goto('/?virtual=aurora75#/');
  await expect(key(page, /^row 3, column 1: A$/)).toBeVisible();
  // Tap hold delay [100, 500], two bytes (channel 0, value 12): the keyboard now holds 0.
  await firmwareRequest(page, 0x07, 0x00, 12, 0x00, 0x00);
  await page.goto('/#/');
  await page
    .getByRole('navigation', { name: 'Configure panes' })
    .getByRole('button', { name: 'Keyboard' })
    .click();
  const slider = page.getByRole('slider', { name: 'Tap hold delay' });
  await expect(slider).toHaveValue('100');
  await expect(slider).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByRole('note')).toContainText('The keyboard holds 0, outside 100–500');
});
