import { test, expect, type Page } from '@playwright/test';
import { withoutRememberedKeyboards } from './helpers.ts';
import { onZmk } from './zmkVirtual.ts';

// The hostile-device rig in the browser (issue 39): a ZMK keyboard that trickles bytes but never answers gets a
// named failure on the page, within the silence timeout, instead of a page that waits for ever.

test.beforeEach(async ({ page }) => {
  await withoutRememberedKeyboards(page);
});

interface HostileZmk {
  faults: { trickle: 'noise' | 'frame' | null; trickleMs: number };
}

/** Sets faults on the virtual ZMK keyboard the page shows. */
const faults = (page: Page, body: (keyboard: HostileZmk) => void) =>
  onZmk<HostileZmk, null, void>(page, body, null);

test('a ZMK keyboard that trickles bytes but never answers: the page names the failure and offers to try again', async ({
  page,
}) => {
  await page.goto('/?virtual=zmk-demo#/');
  const lock = page.getByTestId('zmk-lock');
  await expect(lock).toContainText('The keyboard is locked');
  // From now on every request is answered by one byte every 200 ms that is no frame (a log line, line noise).
  await faults(page, (k) => {
    k.faults.trickle = 'noise';
    k.faults.trickleMs = 200;
  });
  await lock.getByRole('button', { name: 'Press the unlock key (virtual keyboard)' }).click();
  const note = page.getByTestId('zmk-failure');
  await expect(note).toContainText('The device sent bytes that are not ZMK Studio replies');
  await expect(page.getByRole('heading', { level: 2 })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Try again' })).toBeVisible();
  // The page stayed responsive: the keyboard is still listed and can be forgotten.
  await faults(page, (k) => {
    k.faults.trickle = null;
  });
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByTestId('keyboard-canvas')).toBeVisible();
  await expect(note).toBeHidden();
});
