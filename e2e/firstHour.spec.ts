// Issue #30 (the first hour, again): what a new user sees and is told on the Configure screen.
import { test, expect, type Page } from '@playwright/test';
import { canvasKey as key, eepromKey } from './helpers.ts';

interface Hooked {
  __keyloom: {
    stores: { runtime: { store: { getState(): Record<string, unknown>; setState(s: object): void } } };
  };
  calls: number;
}

/** Counts the calls the page makes to one device-store action, still running it. */
async function countCalls(page: Page, action: string): Promise<void> {
  await page.evaluate((name) => {
    const w = window as unknown as Hooked;
    const store = w.__keyloom.stores.runtime.store;
    const original = store.getState()[name] as () => Promise<void>;
    w.calls = 0;
    store.setState({
      [name]: () => {
        w.calls++;
        return original();
      },
    });
  }, action);
}
const calls = (page: Page) => page.evaluate(() => (window as unknown as Hooked).calls);

test('first run: the demo says it is virtual, with Authorize device beside it', async ({ page }) => {
  // A fresh profile, as a new user has: the default demo keyboard is plugged in.
  await page.goto('/#/');
  await expect(key(page, /^row 3, column 1: A$/)).toBeVisible();
  const note = page.getByRole('note');
  await expect(note).toContainText(
    'Virtual keyboard — try everything; nothing is written to a real keyboard.',
  );
  const authorize = note.getByRole('button', { name: 'Authorize device' });
  await expect(authorize).toBeVisible();
  // The browser's chooser cannot be driven headless: the button asks the device layer for it.
  await countCalls(page, 'authorizeNew');
  await authorize.click();
  await expect.poll(() => calls(page)).toBe(1);
  // Nothing about the note gets in the way of editing the keyboard shown.
  await key(page, /^row 3, column 1: A$/).click();
  await page.locator('.keycode-grid').getByRole('button', { name: 'B', exact: true }).click();
  await expect.poll(() => eepromKey(page, 0, 3, 1)).toBe(0x05);
});
