import { test, expect, type Page } from '@playwright/test';

// The app is served on 127.0.0.1; the same server reached as "localhost" is another origin (scheme, host and
// port make an origin), so no second server is needed.
const port = Number(process.env.E2E_PORT ?? 4173);
const APP = `http://127.0.0.1:${port}/?virtual=aurora75#/`;

test.beforeEach(async ({ context }) => {
  await context.addInitScript(() => localStorage.setItem('keyloom-virtual-keyboards', '[]'));
});

/**
 * From `opener` (a plain document of some origin), opens Keyloom, waits until it has talked to its keyboard,
 * asks for the command log with targetOrigin '*', then proves the request was handled by asking again from
 * Keyloom's own window (messages are handled in order) and reports what the opener received.
 */
async function askFrom(page: Page, openerUrl: string): Promise<void> {
  await page.goto(openerUrl);
  const popupPromise = page.waitForEvent('popup');
  await page.evaluate((app) => {
    const w = window as unknown as { keyloom: Window | null; got: unknown[] };
    w.got = [];
    window.addEventListener('message', (e) => w.got.push(e.data));
    w.keyloom = window.open(app, 'keyloom');
  }, APP);
  const popup = await popupPromise;
  // A window behind another has its timers throttled; the virtual keyboard answers through timers.
  await popup.bringToFront();
  await expect(popup.getByTestId('keyboard-canvas')).toBeVisible();
  await page.evaluate(() =>
    (window as unknown as { keyloom: Window }).keyloom.postMessage(
      { type: 'keyloom:command-log:request' },
      '*',
    ),
  );
  // Keyloom asks itself after that: once this reply is back, the opener's request has been handled.
  const own = await popup.evaluate(
    () =>
      new Promise<number>((resolve) => {
        window.addEventListener('message', (e) => {
          const data = e.data as { type?: string; entries?: unknown[] };
          if (data.type === 'keyloom:command-log') resolve(data.entries!.length);
        });
        window.postMessage({ type: 'keyloom:command-log:request' }, window.location.origin);
      }),
  );
  expect(own).toBeGreaterThan(0);
}

/** The command-log reply the opener received so far (entries count), or null. */
const received = (page: Page) =>
  page.evaluate(() => {
    const got = (window as unknown as { got: { type?: string; entries?: unknown[] }[] }).got;
    const reply = got.find((d) => d?.type === 'keyloom:command-log');
    return reply ? reply.entries!.length : null;
  });

test('a window of another origin gets no command log', async ({ page }) => {
  await askFrom(page, `http://localhost:${port}/definitions/supported_kbs.json`);
  // Give a reply posted across processes time to arrive before looking (settling, not a speed check).
  await page.waitForTimeout(500);
  expect(await received(page)).toBeNull();
});

test('a window of the same origin gets the command log', async ({ page }) => {
  await askFrom(page, `http://127.0.0.1:${port}/definitions/supported_kbs.json`);
  await expect.poll(() => received(page)).toBeGreaterThan(0);
});
