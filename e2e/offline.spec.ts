import { test, expect, type Page } from '@playwright/test';
import { cp, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { serveStatic, type StaticServer } from '../scripts/serveStatic.ts';
import { canvasKey as key, eepromKey } from './helpers.ts';

// Offline and installable (docs/offline.md). Each test serves its own copy of the build on a free port, so the
// service worker (blocked everywhere else) can be installed, and a new build can be simulated by editing sw.js.
test.use({ serviceWorkers: 'allow' });

let root = '';
let server: StaticServer;
let origin = '';

test.beforeEach(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'kl-offline-'));
  await cp(path.resolve(import.meta.dirname, '..', process.env.KEYLOOM_OUT ?? 'dist'), root, {
    recursive: true,
  });
  server = await serveStatic(root);
  origin = server.url;
});

test.afterEach(async () => {
  await server.close();
  await rm(root, { recursive: true, force: true });
});

/**
 * The browser keeps saying it is online (and fires no online/offline events) whatever the network does — as on a network that is connected but
 * down, and as Chromium did under Playwright's offline emulation until recently: the app must tell from what its
 * requests see.
 */
async function onLineStaysTrue(page: Page) {
  await page.addInitScript(() => {
    Object.defineProperty(Navigator.prototype, 'onLine', { configurable: true, get: () => true });
    for (const type of ['online', 'offline'])
      window.addEventListener(type, (event) => event.stopImmediatePropagation(), true);
  });
}

/** First visit, online: the worker installs, takes the page over and has the shell and data cached. */
async function visitOnce(page: Page, search = '') {
  await page.goto(`${origin}${search}#/`);
  await expect(page.getByTestId('keyboard-canvas')).toBeVisible();
  await expect
    .poll(() =>
      page.evaluate(async () => {
        const registration = await navigator.serviceWorker.ready;
        return !!registration.active && !!navigator.serviceWorker.controller;
      }),
    )
    .toBe(true);
  // The worker fetches the rest of the app in the background; wait until it holds every planned file.
  const allCached = () =>
    page.evaluate(async () => {
      const source = await (await fetch('./sw.js')).text();
      const plan = JSON.parse(source.slice(source.indexOf('{'), source.indexOf(';\n'))) as {
        shell: string[];
        extras: string[];
        version: string;
      };
      const cache = await caches.open(`keyloom-${plan.version}`);
      const cached = new Set((await cache.keys()).map((r) => new URL(r.url).pathname.replace(/^\//, '')));
      return [...plan.shell, ...plan.extras].every((file) => cached.has(file));
    });
  await expect.poll(allCached, { timeout: 120_000 }).toBe(true);
}

test('after one visit the app starts offline, shows the keymap and remaps a key', async ({
  page,
  context,
}) => {
  await onLineStaysTrue(page);
  await visitOnce(page);
  await context.setOffline(true);
  // The static frame's gate (a stored theme and language before the first paint) comes from the cache too.
  const gate = page.waitForResponse((response) => response.url().endsWith('/shellGate.js'));
  await page.reload();
  expect((await gate).fromServiceWorker()).toBe(true);
  await expect(page.getByRole('status').filter({ hasText: /^Offline$/ })).toBeVisible();
  await key(page, /^row 3, column 1: /).click();
  await page.getByRole('button', { name: 'Z', exact: true }).click();
  await expect.poll(() => eepromKey(page, 0, 3, 1)).toBe(0x1d);
  // A screen never opened while online comes from the worker's background fetch.
  await page.goto(`${origin}#/settings`);
  await expect(page.getByRole('heading', { name: 'Settings' })).toBeVisible();
  // So do the build's credits (Settings → About): licences.json is precached with the other files.
  await expect(page.getByTestId('about-version')).toHaveText(/^\d+\.\d+\.\d+/);
});

test('a second keyboard used once online loads offline too', async ({ page, context }) => {
  await visitOnce(page);
  await page.goto(`${origin}?virtual=lumen65#/`);
  await expect(page.getByTestId('keyboard-canvas')).toBeVisible();
  await expect(page.getByRole('button', { name: /Lumen 65/ })).toBeVisible();
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('button', { name: /Lumen 65/ })).toBeVisible();
  await expect(page.getByTestId('keyboard-canvas')).toBeVisible();
});

test('a new build is announced, never applied by itself, and Reload switches to it', async ({ page }) => {
  await visitOnce(page);
  const workerFile = path.join(root, 'sw.js');
  const worker = await readFile(workerFile, 'utf8');
  // A new build: a different precache version (the worker's own bytes change, so the browser installs it).
  await writeFile(workerFile, worker.replace(/"version":"([0-9a-f]+)"/, '"version":"0000beef"'));
  await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.update());
  const prompt = page.getByRole('status').filter({ hasText: 'A new version of Keyloom is ready.' });
  await expect(prompt).toBeVisible();
  // Downloaded in the background, but waiting: the running version (and its cache) stays until the user says.
  const versions = () =>
    page.evaluate(async () => ({
      waiting: !!(await navigator.serviceWorker.getRegistration())?.waiting,
      caches: (await caches.keys()).filter((n) => n !== 'keyloom-data'),
    }));
  const before = await versions();
  expect(before.waiting).toBe(true);
  expect(before.caches).toHaveLength(2);
  expect(before.caches).toContain('keyloom-0000beef');
  await page.waitForTimeout(1000);
  expect((await versions()).waiting).toBe(true);
  await Promise.all([page.waitForEvent('load'), prompt.getByRole('button', { name: 'Reload' }).click()]);
  await expect(page.getByTestId('keyboard-canvas')).toBeVisible();
  // The new version took over: it is the only app cache left, and nothing waits any more.
  await expect.poll(versions).toEqual({ waiting: false, caches: ['keyloom-0000beef'] });
});

test('a new version applied in one tab is announced in the others, which keep working on their version', async ({
  page,
  context,
}) => {
  await visitOnce(page);
  const other = await context.newPage();
  await other.goto(`${origin}#/`);
  await expect(other.getByTestId('keyboard-canvas')).toBeVisible();
  // A new build: another precache version, and the old build's lazy files gone from the server (a real
  // deployment replaces the hashed files). The Macros pane is one such file, never opened in either tab yet.
  const workerFile = path.join(root, 'sw.js');
  const worker = await readFile(workerFile, 'utf8');
  await writeFile(workerFile, worker.replace(/"version":"([0-9a-f]+)"/, '"version":"0000cafe"'));
  const assets = await readdir(path.join(root, 'assets'));
  const macrosChunks = assets.filter((f) => /^MacrosPane-.*\.(js|css)$/.test(f));
  expect(macrosChunks.length).toBeGreaterThan(0);
  for (const file of macrosChunks) await rm(path.join(root, 'assets', file));
  await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.update());
  const prompt = page.getByRole('status').filter({ hasText: 'A new version of Keyloom is ready.' });
  await Promise.all([page.waitForEvent('load'), prompt.getByRole('button', { name: 'Reload' }).click()]);
  await expect(page.getByTestId('keyboard-canvas')).toBeVisible();

  // The other tab still runs the old version: it is told, and its screens still open (from its version's cache).
  const told = other
    .getByRole('status')
    .filter({ hasText: 'Keyloom was updated in another tab. Reload this tab to use the new version.' });
  await expect(told).toBeVisible();
  await other.getByRole('button', { name: 'Macros' }).click();
  await expect(other.getByRole('button', { name: 'M1', exact: true })).toBeVisible();
  await expect(other.getByText(/Failed to fetch/)).toHaveCount(0);
  // Its Reload reloads it onto the new version; with one tab on the old version left, that version's cache goes.
  await other.close();
  await page.reload();
  await expect(page.getByTestId('keyboard-canvas')).toBeVisible();
  await expect
    .poll(() => page.evaluate(async () => (await caches.keys()).filter((n) => n !== 'keyloom-data')))
    .toEqual(['keyloom-0000cafe']);
});

test('the online firmware check notices the network is gone, says so, and sees it come back', async ({
  page,
  context,
}) => {
  await onLineStaysTrue(page);
  await visitOnce(page);
  await page
    .getByRole('navigation', { name: 'Configure panes' })
    .getByRole('button', { name: 'Firmware' })
    .click();
  const check = page.getByRole('button', { name: 'Check for Updates' });
  await expect(check).toBeEnabled();
  await context.setOffline(true);
  await check.click();
  await expect(page.getByText('Download Failed')).toBeVisible();
  await expect(
    page.getByText(
      'You are offline: checking for firmware online needs the network. Local Upgrade works offline.',
    ),
  ).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: /^Offline$/ })).toBeVisible();
  await expect(check).toBeDisabled();
  await context.setOffline(false);
  await expect(check).toBeEnabled();
  await expect(page.getByRole('status').filter({ hasText: /^Offline$/ })).toBeHidden();
});

test("the browser's own offline signal is believed at once", async ({ page }) => {
  await page.goto(`${origin}#/`);
  await expect(page.getByTestId('keyboard-canvas')).toBeVisible();
  await page.evaluate(() => {
    Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => false });
    window.dispatchEvent(new Event('offline'));
  });
  await expect(page.getByRole('status').filter({ hasText: /^Offline$/ })).toBeVisible();
});

test('installable: a manifest with icons and a standalone window', async ({ page }) => {
  await page.goto(origin);
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  const manifest = (await (await page.request.get(new URL(href!, origin).href)).json()) as {
    name: string;
    display: string;
    icons: { src: string; sizes: string }[];
  };
  expect(manifest.name).toBe('Keyloom');
  expect(manifest.display).toBe('standalone');
  expect(manifest.icons.map((i) => i.sizes)).toEqual(['192x192', '512x512', '512x512']);
  for (const icon of manifest.icons)
    expect((await page.request.get(new URL(icon.src, origin).href)).headers()['content-type']).toBe(
      'image/png',
    );
});
