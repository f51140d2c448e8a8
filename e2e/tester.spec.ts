import { test, expect } from '@playwright/test';

test('the Key Tester draws 108 keys; a held key lights up and stays tinted after release; Reset clears', async ({
  page,
}) => {
  await page.goto('/#/test');
  const board = page.getByRole('group', { name: 'Full-size test keyboard' });
  await expect(board.getByRole('button')).toHaveCount(108);
  await page.keyboard.down('KeyQ');
  await expect(board.locator('[data-test-state="down"]')).toHaveCount(1);
  await expect(board.getByRole('button', { name: 'KeyQ: pressed' })).toBeVisible();
  await page.keyboard.up('KeyQ');
  await expect(board.getByRole('button', { name: 'KeyQ: released' })).toHaveAttribute(
    'data-test-state',
    'up',
  );
  await page.getByRole('button', { name: 'Reset' }).click();
  await expect(board.locator('[data-test-state]')).toHaveCount(0);
});
