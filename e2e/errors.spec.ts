import { test, expect } from '@playwright/test';
import { readFile } from 'node:fs/promises';

test('errors list, CSV download and clear', async ({ page }) => {
  // The Errors screen opens only while there are errors (the menu's gate): log one first, then go there.
  await page.goto('/#/');
  await page.evaluate(() => {
    const hook = (
      window as unknown as {
        __keyloom: { stores: { errors: { getState(): { logAppError(e: object): void } } } };
      }
    ).__keyloom;
    hook.stores.errors.getState().logAppError({
      message: 'Receiving incorrect response for command, "0x04"',
      timestamp: Date.UTC(2026, 10, 22, 10, 0, 0),
      deviceInfo: { productName: 'Keyloom Lumen 65', vendorId: 0x4b4c, productId: 0x0002, protocol: 12 },
    });
  });
  await page.evaluate(() => void (window.location.hash = '#/errors'));
  const row = page.getByRole('row').nth(1);
  await expect(row).toContainText('Keyloom Lumen 65');
  await expect(row).toContainText('4b4c');
  await expect(row).toContainText('0002');

  const downloadPromise = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download as CSV' }).click();
  const download = await downloadPromise;
  const csv = await readFile((await download.path())!, 'utf8');
  expect(csv.split('\r\n')).toEqual([
    'timestamp,productName,vendorId,productId,message',
    '2026-11-22T10:00:00.000Z,Keyloom Lumen 65,4b4c,0002,"Receiving incorrect response for command, ""0x04"""',
    '',
  ]);

  await page.getByRole('button', { name: 'Clear' }).click();
  await expect(page.getByText('No errors logged')).toBeVisible();
});
