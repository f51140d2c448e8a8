import { test, expect, type Page } from '@playwright/test';

// index.html paints the app's first frame before the app's code has run (docs/performance.md, "Static first
// frame"); React then replaces it. Where both are drawn they must look the same (no flash, no layout shift), and
// where the app would draw something else first (another language or keycap theme, another route) the static
// frame must not show at all: it has no words but English.

const PARTS = ['.brand', '.menu a', '.badge-button', '.badge-name', '.spinner', '.loader > span'];

/** Where each part of the first frame is drawn, what it says and in which colours. */
function drawn(page: Page) {
  return page.evaluate((selectors) => {
    // The spinner turns: its box is compared unturned.
    for (const animation of document.getAnimations()) {
      animation.pause();
      animation.currentTime = 0;
    }
    return selectors.flatMap((selector) =>
      [...document.querySelectorAll<HTMLElement>(selector)].map((element) => {
        const box = element.getBoundingClientRect();
        const style = getComputedStyle(element);
        return {
          selector,
          text: element.textContent,
          box: [box.x, box.y, box.width, box.height].map((n) => Math.round(n * 2) / 2),
          colours: [style.color, style.backgroundColor, style.borderTopColor],
        };
      }),
    );
  }, PARTS);
}

/** Opens the page with the app's code held back: what shows is index.html's static frame alone. */
async function staticFrame(page: Page, hash = '') {
  await page.route('**/assets/*.js', (route) => route.abort());
  await page.goto('/' + hash);
}

// A desktop window and a phone's (where the top bar wraps onto three lines).
for (const viewport of [
  { width: 1400, height: 900 },
  { width: 412, height: 823 },
]) {
  test(`the static first frame is drawn as the app draws its first frame (${viewport.width} px)`, async ({
    browser,
  }) => {
    const page = await browser.newPage({ viewport });
    await staticFrame(page);
    await expect(page.locator('div[data-static-shell]')).toBeVisible();
    await expect(page.getByText('Searching for devices...')).toBeVisible();
    const before = await drawn(page);
    await page.close();

    // The app's own first frame: the device search, held there by keeping the demo's definition from arriving.
    const app = await browser.newPage({ viewport });
    await app.route('**/definitions/**', () => new Promise(() => undefined));
    await app.goto('/');
    await expect(app.getByTestId('keyboard-badge')).toBeVisible();
    await expect(app.locator('div[data-static-shell]')).toHaveCount(0);
    await expect(app.locator('.loader > span')).toHaveText('Searching for devices...');
    expect(await drawn(app)).toEqual(before);
    await app.close();
  });
}

test('the static frame does not show where the app draws something else first', async ({ browser }) => {
  const settings = [{ language: 'ja' }, { themeName: 'PINK' }, { showDesignTab: true }];
  for (const stored of settings) {
    const context = await browser.newContext();
    await context.addInitScript(
      (value) => localStorage.setItem('via-app-store', value),
      JSON.stringify(stored),
    );
    const page = await context.newPage();
    await staticFrame(page);
    await expect(page.locator('div[data-static-shell]')).toBeHidden();
    await expect(page.getByText('Searching for devices...')).toBeHidden();
    await context.close();
  }
  for (const hash of ['#/settings', '#/test']) {
    const context = await browser.newContext();
    const page = await context.newPage();
    await staticFrame(page, hash);
    await expect(page.locator('div[data-static-shell]')).toBeHidden();
    await context.close();
  }
});

test('a light theme chosen before paints the static frame light', async ({ browser }) => {
  const context = await browser.newContext();
  await context.addInitScript(() =>
    localStorage.setItem('via-app-store', JSON.stringify({ themeMode: 'light' })),
  );
  const page = await context.newPage();
  await staticFrame(page);
  await expect(page.locator('div[data-static-shell]')).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('data-theme-mode', 'light');
  await context.close();
});
