import { test, expect, type Page } from '@playwright/test';
import { withoutRememberedKeyboards } from './helpers.ts';

// Issue 31: no value Keyloom keeps in the browser makes it forget a user's definition without saying so. A
// definition is stored for the keyboard with none (`?virtual=unknown`, FEED:0001), then the mark and the record
// are damaged the ways the audit found, and each reload either still uses the definition or names the loss.

const RIGHT = 'e2e/fixtures/prototype75-feed-0001.json';
const RECORD_KEY = `v3:${0xfeed0001}`;
const MARK = 'keyloom-stored-definitions';
test.setTimeout(180_000);
// The first keyboard of a page waits for the definition compiler; a loaded machine needs long.
const FIRST_LOAD = 60_000;

test.beforeEach(async ({ page }) => withoutRememberedKeyboards(page));

const keymap = (page: Page) =>
  page.getByTestId('keyboard-canvas').getByRole('button', { name: /^row 0, column 0: / });
const loadButton = (page: Page) => page.getByRole('button', { name: 'Load definition…' });

/** Changes the stored record in IndexedDB: `change` gets it and returns what is put back. */
function changeRecord(page: Page, change: string) {
  return page.evaluate(
    async ([key, body]) => {
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const r = indexedDB.open('keyloom');
        r.onsuccess = () => resolve(r.result);
        r.onerror = () => reject(r.error);
      });
      const store = () => db.transaction('definitions', 'readwrite').objectStore('definitions');
      const record = await new Promise<Record<string, unknown>>((resolve) => {
        const r = store().get(key);
        r.onsuccess = () => resolve(r.result as Record<string, unknown>);
      });
      // The change arrives as data (the app's policy allows no eval): a named transformation.
      const changed =
        body === 'empty'
          ? {}
          : body === 'unknownVersion'
            ? { ...record, version: 'v9' }
            : body === 'nameOnly'
              ? { ...record, definition: { name: 'x' } }
              : {
                  ...record,
                  definition: {
                    ...(record.definition as Record<string, unknown>),
                    layouts: {
                      ...((record.definition as { layouts: Record<string, unknown> }).layouts ?? {}),
                      keys: Array.from({ length: 200_000 }, () => ({
                        x: 0,
                        y: 0,
                        row: 0,
                        col: 0,
                        w: 1,
                        h: 1,
                      })),
                    },
                  },
                };
      await new Promise<void>((resolve, reject) => {
        const tx = db.transaction('definitions', 'readwrite');
        tx.objectStore('definitions').put(changed, key);
        tx.oncomplete = () => resolve();
        tx.onerror = () => reject(tx.error);
      });
      db.close();
    },
    [RECORD_KEY, change] as const,
  );
}

const recordExists = (page: Page) =>
  page.evaluate(async (key) => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const r = indexedDB.open('keyloom');
      r.onsuccess = () => resolve(r.result);
      r.onerror = () => reject(r.error);
    });
    const found = await new Promise<boolean>((resolve) => {
      const r = db.transaction('definitions').objectStore('definitions').getKey(key);
      r.onsuccess = () => resolve(r.result !== undefined);
    });
    db.close();
    return found;
  }, RECORD_KEY);

async function storeDefinition(page: Page) {
  await page.goto('/?virtual=unknown#/');
  await page.getByTestId('missing-definition').getByLabel('Load definition…').setInputFiles(RIGHT);
  await expect(keymap(page)).toBeVisible({ timeout: FIRST_LOAD });
  expect(await page.evaluate((key) => localStorage.getItem(key), MARK)).toBe('some');
}

async function expectNamedOnErrorsPage(page: Page, name: string, reason: RegExp | string) {
  await page.evaluate(() => (window.location.hash = '#/errors'));
  const line = page.getByText(`Stored data "${name}" was not valid and was dropped`);
  await expect(line).toBeVisible();
  await expect(line).toContainText(reason);
}

test('a damaged mark still finds the stored definition, is named and is written again', async ({ page }) => {
  await storeDefinition(page);
  for (const damage of ['garbage', '']) {
    await page.evaluate(([key, value]) => localStorage.setItem(key, value), [MARK, damage] as const);
    // A reload: going to the same URL with its hash would only move within the page.
    await page.goto('/?virtual=unknown#/');
    await page.reload();
    await expect(keymap(page)).toBeVisible({ timeout: FIRST_LOAD });
    await expect(loadButton(page)).toHaveCount(0);
    await expect.poll(() => page.evaluate((key) => localStorage.getItem(key), MARK)).toBe('some');
    await expectNamedOnErrorsPage(page, MARK, `unknown value ${JSON.stringify(damage)}`);
  }
});

for (const [damage, reason] of [
  ['empty', /not a stored definition/],
  ['unknownVersion', /not a stored definition/],
  ['nameOnly', /not a stored definition/],
  ['oversized', 'larger than 512 kB, not read'],
] as const)
  test(`a damaged record (${damage}) is dropped and named; the keyboard asks for its definition again`, async ({
    page,
  }) => {
    await storeDefinition(page);
    await changeRecord(page, damage);
    await page.reload();
    await expect(page.getByTestId('keyboard-badge')).toHaveText(/FEED:0001 · no definition/, {
      timeout: FIRST_LOAD,
    });
    await expect(loadButton(page)).toBeVisible();
    await expect.poll(() => recordExists(page)).toBe(false);
    await expectNamedOnErrorsPage(page, `definitions/${RECORD_KEY}`, reason);
  });

test('a fresh visit settles the mark as none without creating the database', async ({ page }) => {
  await page.goto('/?virtual=aurora75#/');
  await expect(page.getByTestId('keyboard-canvas').getByRole('button').first()).toBeVisible({
    timeout: FIRST_LOAD,
  });
  await expect.poll(() => page.evaluate((key) => localStorage.getItem(key), MARK)).toBe('none');
  const databases = await page.evaluate(async () => (await indexedDB.databases()).map((d) => d.name));
  expect(databases).not.toContain('keyloom');
});
