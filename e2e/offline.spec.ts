import { test, expect as baseExpect, type Page } from '@playwright/test';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { canvasKey as key, eepromKey } from './helpers.ts';

// Offline and installable (docs/offline.md). Each test serves its own copy of the build on a free port, so the
// service worker (blocked everywhere else) can be installed, and a new build can be simulated by editing sw.js.
test.use({ serviceWorkers: 'allow' });
// Installing a worker and letting it fetch the whole app in the background takes a while on a busy machine.
test.setTimeout(120_000);
const expect = baseExpect.configure({ timeout: 30_000 });

const TYPES: Record<string, string> = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.wasm': 'application/wasm',
  '.uf2': 'application/octet-stream',
};

let root = '';
let server: Server;
let origin = '';

test.beforeEach(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'kl-offline-'));
  await cp(path.resolve(import.meta.dirname, '..', process.env.KEYLOOM_OUT ?? 'dist'), root, {
    recursive: true,
  });
  server = createServer((request, response) => {
    const pathname = decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname);
    const file = path.join(root, pathname.endsWith('/') ? `${pathname}index.html` : pathname);
    if (!file.startsWith(root)) return void response.writeHead(403).end();
    readFile(file).then(
      (body) => {
        response.writeHead(200, {
          'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream',
          'cache-control': 'no-cache',
        });
        response.end(body);
      },
      () => response.writeHead(404).end('not found'),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
});

test.afterEach(async () => {
  await new Promise((resolve) => server.close(resolve));
  await rm(root, { recursive: true, force: true });
});

/** First visit, online: the worker installs, takes the page over and has the shell and data cached. */
async function visitOnce(page: Page, search = '') {
  await page.goto(`${origin}${search}#/`);
  await expect(page.getByTestId('keyboard-canvas')).toBeVisible();
  await page.waitForFunction(async () => {
    const registration = await navigator.serviceWorker.ready;
    return !!registration.active && !!navigator.serviceWorker.controller;
  });
  // The worker fetches the rest of the app in the background; wait until it has the lazy screens too.
  await page.waitForFunction(async () => {
    const names = await caches.keys();
    const version = names.find((n) => n.startsWith('keyloom-') && n !== 'keyloom-data');
    if (!version) return false;
    const cached = await (await caches.open(version)).keys();
    return cached.some((r) => /SettingsScreen-.*\.js$/.test(r.url));
  });
}

test('after one visit the app starts offline, shows the keymap and remaps a key', async ({
  page,
  context,
}) => {
  await visitOnce(page);
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('status').filter({ hasText: 'Offline' })).toBeVisible();
  await key(page, /^row 3, column 1: /).click();
  await page.getByRole('button', { name: 'KC_Z: Z' }).click();
  await expect.poll(() => eepromKey(page, 0, 3, 1)).toBe(0x1d);
  // A screen never opened while online comes from the worker's background fetch.
  await page.goto(`${origin}#/settings`);
  await expect(page.getByRole('heading', { name: 'Settings' })).toBeVisible();
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

test('the online firmware check says it needs the network while offline', async ({ page, context }) => {
  await visitOnce(page);
  await page
    .getByRole('navigation', { name: 'Configure panes' })
    .getByRole('button', { name: 'Firmware' })
    .click();
  await expect(page.getByRole('button', { name: 'Check for Updates' })).toBeEnabled();
  await context.setOffline(true);
  await expect(
    page.getByText(
      'You are offline: checking for firmware online needs the network. Local Upgrade works offline.',
    ),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Check for Updates' })).toBeDisabled();
  await context.setOffline(false);
  await expect(page.getByRole('button', { name: 'Check for Updates' })).toBeEnabled();
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
