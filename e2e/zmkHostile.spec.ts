import { test, expect, type Page } from '@playwright/test';
import { withoutRememberedKeyboards } from './helpers.ts';

// The hostile-device rig in the browser (issue 39): a ZMK keyboard that trickles bytes but never answers gets a
// named failure on the page, within the silence timeout, instead of a page that waits for ever.

test.beforeEach(async ({ page }) => {
  await withoutRememberedKeyboards(page);
});

interface HostileZmk {
  faults: { trickle: 'noise' | 'frame' | null; trickleMs: number };
}

/** Sets faults on the virtual ZMK keyboard the page shows (through the documented `__keyloom` hook). */
async function onZmk(page: Page, body: (keyboard: HostileZmk) => void): Promise<void> {
  const handle = await page.evaluateHandle(() => {
    const hook = (
      window as unknown as {
        __keyloom: {
          stores: {
            runtime: {
              zmk: {
                current: { getState(): { keyboards: { virtual?: { keyboard: unknown } }[] } } | null;
              };
            };
          };
        };
      }
    ).__keyloom;
    return hook.stores.runtime.zmk.current!.getState().keyboards[0]!.virtual!.keyboard as HostileZmk;
  });
  try {
    await handle.evaluate(body);
  } finally {
    await handle.dispose();
  }
}

test('a ZMK keyboard that trickles bytes but never answers: the page names the failure and offers to try again', async ({
  page,
}) => {
  await page.goto('/?virtual=zmk-demo#/');
  const lock = page.getByTestId('zmk-lock');
  await expect(lock).toContainText('The keyboard is locked');
  // From now on every request is answered by one byte every 200 ms that is no frame (a log line, line noise).
  await onZmk(page, (k) => {
    k.faults.trickle = 'noise';
    k.faults.trickleMs = 200;
  });
  await lock.getByRole('button', { name: 'Press the unlock key (virtual keyboard)' }).click();
  const note = page.getByTestId('zmk-failure');
  await expect(note).toContainText('The device sent bytes that are not ZMK Studio replies');
  await expect(page.getByRole('heading', { level: 2 })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Try again' })).toBeVisible();
  // The page stayed responsive: the keyboard is still listed and can be forgotten.
  await onZmk(page, (k) => {
    k.faults.trickle = null;
  });
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByTestId('keyboard-canvas')).toBeVisible();
  await expect(note).toBeHidden();
});
