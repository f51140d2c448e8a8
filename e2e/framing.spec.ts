import { test, expect, type Page } from '@playwright/test';

// Keyloom cannot be framed by another site (issue 33 item 6; docs/adr/0008-framing.md). Where the host sends
// `frame-ancestors 'none'` the browser refuses the frame itself; where it sends no headers, the app's own check
// at start-up shows only a notice with a link to a tab of its own. Frames of the app's own origin run.

const OTHER_SITE = 'http://other-site.test/';
test.setTimeout(120_000);
const FIRST_LOAD = 60_000;

/**
 * Serves the app through the test (so Chromium's local-network checks, which would refuse a public site framing
 * 127.0.0.1 whatever the headers, stay out of it): as it is, or as a host that sends no headers at all (no
 * Content-Security-Policy, so no frame-ancestors).
 */
async function serveApp(page: Page, appOrigin: string, { headers }: { headers: boolean }) {
  await page.route(`${appOrigin}/**`, async (route) => {
    try {
      const response = await route.fetch();
      const sent = { ...response.headers() };
      if (!headers) {
        delete sent['content-security-policy'];
        delete sent['x-frame-options'];
      }
      await route.fulfill({ response, headers: sent });
    } catch (error) {
      // A request the page gave up on meanwhile (an idle prefetch cut short by a navigation): its response is
      // disposed and there is nothing left to answer. Requests still in flight when a test ends are let go below.
      if (!String(error).includes('disposed')) throw error;
    }
  });
}

// The app prefetches lazy chunks after idle; one may still be passing through `serveApp` when a test ends, and
// Playwright then reports its cut-short fetch as an error outside any test (it stopped the worker once in CI).
test.afterEach(async ({ page }) => {
  await page.unrouteAll({ behavior: 'ignoreErrors' });
});
const hostWithoutHeaders = (page: Page, appOrigin: string) => serveApp(page, appOrigin, { headers: false });

/** A page at `url` (of any origin) whose whole content is one frame of `src`. */
async function framingPage(page: Page, url: string, src: string) {
  await page.route(url, (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: `<!doctype html><title>Framing</title><iframe src="${src}" width="1200" height="800"></iframe>`,
    }),
  );
}

const frameOf = (page: Page) => page.frameLocator('iframe').first();

test("another site's frame shows only the notice, and its link opens Keyloom in a tab of its own", async ({
  page,
  context,
  baseURL,
}) => {
  const app = new URL(baseURL!).origin;
  await hostWithoutHeaders(page, app);
  await framingPage(page, OTHER_SITE, `${app}/?virtual=aurora75#/`);
  await page.goto(OTHER_SITE);

  const frame = frameOf(page);
  await expect(frame.getByRole('heading', { name: 'Keyloom does not run inside another site' })).toBeVisible({
    timeout: FIRST_LOAD,
  });
  await expect(
    frame.getByText('Keyloom changes your keyboards, so it runs only in a tab of its own'),
  ).toBeVisible();
  // Nothing of the app started in the frame: no keyboard, no automation hook.
  await expect(frame.getByTestId('keyboard-canvas')).toHaveCount(0);
  const inner = page.frames().find((f) => f.url().startsWith(app))!;
  expect(await inner.evaluate(() => '__keyloom' in window)).toBe(false);

  const link = frame.getByRole('link', { name: 'Open Keyloom in its own tab' });
  await expect(link).toHaveAttribute('target', '_blank');
  const [tab] = await Promise.all([context.waitForEvent('page'), link.click()]);
  await expect(tab.getByTestId('keyboard-canvas').getByRole('button').first()).toBeVisible({
    timeout: FIRST_LOAD,
  });
  expect(tab.url()).toBe(`${app}/?virtual=aurora75#/`);
});

test('a same-origin page inside another site is refused too', async ({ page, baseURL }) => {
  const app = new URL(baseURL!).origin;
  await hostWithoutHeaders(page, app);
  await framingPage(page, OTHER_SITE, `${app}/framer.html`);
  await framingPage(page, `${app}/framer.html`, `${app}/?virtual=aurora75#/`);
  await page.goto(OTHER_SITE);
  const inner = frameOf(page).frameLocator('iframe').first();
  await expect(inner.getByRole('heading', { name: 'Keyloom does not run inside another site' })).toBeVisible({
    timeout: FIRST_LOAD,
  });
  await expect(inner.getByTestId('keyboard-canvas')).toHaveCount(0);
});

test("a frame of the app's own origin runs the app (the decision in docs/adr/0008-framing.md)", async ({
  page,
  baseURL,
}) => {
  const app = new URL(baseURL!).origin;
  await hostWithoutHeaders(page, app);
  await framingPage(page, `${app}/framer.html`, `${app}/?virtual=aurora75#/`);
  await page.goto(`${app}/framer.html`);
  await expect(frameOf(page).getByTestId('keyboard-canvas').getByRole('button').first()).toBeVisible({
    timeout: FIRST_LOAD,
  });
  await expect(frameOf(page).getByRole('heading', { name: /does not run inside another site/ })).toHaveCount(
    0,
  );
});

test("a host that sends frame-ancestors 'none' keeps every site from framing the app at all", async ({
  page,
  baseURL,
}) => {
  const app = new URL(baseURL!).origin;
  const served = await page.request.get(`${app}/`);
  expect(served.headers()['content-security-policy']).toMatch(/frame-ancestors 'none'/);
  await serveApp(page, app, { headers: true });
  await framingPage(page, OTHER_SITE, `${app}/?virtual=aurora75#/`);
  await page.goto(OTHER_SITE);
  // Chromium puts its error page in the frame: the app's page never loads there.
  await expect.poll(() => page.frames().map((f) => f.url())).toContain('chrome-error://chromewebdata/');
  expect(page.frames().some((f) => f.url().startsWith(app))).toBe(false);
});
