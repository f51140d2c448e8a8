import { chromium, test, expect, type Page } from '@playwright/test';
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromiumLaunchOptions } from '../scripts/chromium.ts';
import { serveStatic } from '../scripts/serveStatic.ts';
import { canvasKey as key, eepromKey } from './helpers.ts';

// With the browser refusing site data ("Block all cookies"), Keyloom starts on memory: the keymap shows and
// works, and the page says nothing will be kept (issue 33 item 6).

const NOTICE =
  /This browser blocks site data for Keyloom, so settings, stored definitions and layout backups/;
// A busy machine (several developers' e2e at once) can take many seconds to show the first keymap.
test.setTimeout(120_000);
const FIRST_LOAD = 60_000;

async function expectRunningOnMemory(page: Page) {
  await page.goto('/?virtual=aurora75#/');
  await expect(page.getByTestId('keyboard-canvas').getByRole('button').first()).toBeVisible({
    timeout: FIRST_LOAD,
  });
  await expect(page.getByTestId('site-data-notice')).toHaveText(NOTICE);
  // The keyboard still takes edits (its EEPROM lives in memory too).
  await key(page, /^row 3, column 1: /).click();
  await page.getByRole('button', { name: 'Z', exact: true }).click();
  await expect.poll(() => eepromKey(page, 0, 3, 1)).toBe(0x1d);
  // The notice can be dismissed, and Settings opens (its stored-definitions list says storage is refused).
  await page.getByTestId('site-data-notice').getByRole('button', { name: 'Dismiss' }).click();
  await expect(page.getByTestId('site-data-notice')).toHaveCount(0);
  await page.getByRole('link', { name: 'Settings' }).click();
  await expect(page.getByRole('main', { name: 'Settings' })).toBeVisible();
}

test("Chromium's own setting: site data blocked for every site", async ({ baseURL }) => {
  // A profile whose content setting blocks cookies and site data: reading localStorage or sessionStorage throws
  // a SecurityError, IndexedDB and Cache Storage refuse every open, the service worker is refused.
  const profile = await mkdtemp(path.join(tmpdir(), 'kl-blocked-'));
  await mkdir(path.join(profile, 'Default'));
  await writeFile(
    path.join(profile, 'Default', 'Preferences'),
    JSON.stringify({ profile: { default_content_setting_values: { cookies: 2 } } }),
  );
  const context = await chromium.launchPersistentContext(profile, {
    ...chromiumLaunchOptions,
    ...(baseURL ? { baseURL } : {}),
    serviceWorkers: 'allow',
  });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto('/');
    // The profile really refuses: reading localStorage throws in the page.
    expect(
      await page.evaluate(() => {
        try {
          return typeof window.localStorage;
        } catch (error) {
          return (error as Error).name;
        }
      }),
    ).toBe('SecurityError');
    await expectRunningOnMemory(page);
    expect(errors).toEqual([]);
  } finally {
    await context.close();
    await rm(profile, { recursive: true, force: true });
  }
});

test('browsers whose storage getters all throw (IndexedDB, Cache Storage and service workers too)', async ({
  page,
}) => {
  await page.addInitScript(() => {
    const refuse = () => {
      throw new DOMException('Access is denied for this document.', 'SecurityError');
    };
    for (const name of ['localStorage', 'sessionStorage', 'indexedDB', 'caches'])
      Object.defineProperty(window, name, { configurable: true, get: refuse });
    Object.defineProperty(Navigator.prototype, 'serviceWorker', { configurable: true, get: refuse });
  });
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await expectRunningOnMemory(page);
  expect(errors).toEqual([]);
});

test('without WebHID, continuing with a virtual keyboard survives its reload though the session is memory', async ({
  page,
}) => {
  await page.addInitScript(() => {
    delete (Navigator.prototype as unknown as Record<string, unknown>).hid;
    const refuse = () => {
      throw new DOMException('Access is denied for this document.', 'SecurityError');
    };
    for (const name of ['localStorage', 'sessionStorage'])
      Object.defineProperty(window, name, { configurable: true, get: refuse });
  });
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'USB Detection Error' })).toBeVisible({
    timeout: FIRST_LOAD,
  });
  await page.getByRole('button', { name: 'Continue with a virtual keyboard' }).click();
  // The switch rides in the URL, since a session kept in memory is gone after the reload.
  await expect(page).toHaveURL(/[?&]hid-override=1/);
  await expect(page.getByTestId('keyboard-canvas').getByRole('button').first()).toBeVisible({
    timeout: FIRST_LOAD,
  });
  await expect(page.getByTestId('site-data-notice')).toBeVisible();
});

test('with site data allowed, no notice', async ({ page }) => {
  await page.goto('/?virtual=aurora75#/');
  await expect(page.getByTestId('keyboard-canvas').getByRole('button').first()).toBeVisible({
    timeout: FIRST_LOAD,
  });
  await expect(page.getByRole('link', { name: 'Settings' })).toBeVisible();
  await expect(page.getByTestId('site-data-notice')).toHaveCount(0);
});

test.describe('the service worker when Cache Storage refuses', () => {
  // The worker is blocked everywhere else (playwright.config.ts): this test serves the build itself.
  test.use({ serviceWorkers: 'allow' });

  test('pages and files come from the network instead of failing', async ({ page, context }) => {
    const server = await serveStatic(
      path.resolve(import.meta.dirname, '..', process.env.KEYLOOM_OUT ?? 'dist'),
    );
    try {
      await page.goto(`${server.url}?virtual=aurora75#/`);
      await expect(page.getByTestId('keyboard-canvas').getByRole('button').first()).toBeVisible({
        timeout: FIRST_LOAD,
      });
      await expect
        .poll(() => page.evaluate(() => !!navigator.serviceWorker.controller), { timeout: FIRST_LOAD })
        .toBe(true);
      // Storage refused after the worker was installed: every Cache Storage call rejects inside the worker.
      const [worker] = context.serviceWorkers();
      await worker!.evaluate(() => {
        const refuse = () => Promise.reject(new DOMException('Access denied.', 'SecurityError'));
        for (const name of ['open', 'match', 'has', 'keys', 'delete'] as const)
          Object.defineProperty(CacheStorage.prototype, name, { configurable: true, value: refuse });
      });
      await page.reload();
      await expect(page.getByTestId('keyboard-canvas').getByRole('button').first()).toBeVisible({
        timeout: FIRST_LOAD,
      });
      expect(await page.evaluate(() => !!navigator.serviceWorker.controller)).toBe(true);
    } finally {
      await server.close();
    }
  });
});
