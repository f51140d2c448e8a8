import { test, expect, type Page } from '@playwright/test';
import { withoutRememberedKeyboards } from './helpers.ts';

test.beforeEach(({ page }) => withoutRememberedKeyboards(page));

const heading = (page: Page) => page.getByRole('heading', { level: 1 });
const notice = (page: Page) => page.getByRole('status').filter({ hasText: /only|turned off|no errors/ });

test('a gated route typed in the address bar goes back to Configure and says why', async ({ page }) => {
  // The Aurora 75 has no g24boot flag: Boot and Boot 2 are not in its menu, nor reachable by URL.
  await page.goto('/?virtual=aurora75#/boot');
  await expect(page).toHaveURL(/#\/$/);
  await expect(notice(page)).toHaveText(/Boot is only for keyboards whose configuration supports it/);
  await expect(page.getByRole('navigation', { name: 'Configure panes' })).toBeVisible();
  await page.getByRole('button', { name: 'Dismiss' }).click();
  await expect(notice(page)).toHaveCount(0);

  await page.goto('/?virtual=aurora75#/boot2');
  await expect(page).toHaveURL(/#\/$/);
  await expect(heading(page)).not.toHaveText('Boot 2');

  // Show Design tab is off by default.
  await page.goto('/?virtual=aurora75#/design');
  await expect(page).toHaveURL(/#\/$/);
  await expect(notice(page)).toHaveText(/Design is turned off/);

  // A production build without debugProd has no Debug; no errors, no Errors page.
  await page.goto('/?virtual=aurora75#/debug');
  await expect(page).toHaveURL(/#\/$/);
  await expect(notice(page)).toHaveText(/Debug is only available in development builds/);
  await page.goto('/?virtual=aurora75#/errors');
  await expect(page).toHaveURL(/#\/$/);
  await expect(notice(page)).toHaveText(/There are no errors to show/);
});

test('the same routes open when the menu shows them', async ({ page }) => {
  // The Orbit Pad has g24boot: Boot opens by URL once the keyboard is loaded.
  await page.goto('/?virtual=orbitpad#/boot');
  await expect(heading(page)).toHaveText('Boot');
  await expect(page).toHaveURL(/#\/boot$/);

  await page.goto('/#/settings');
  await page.getByRole('switch', { name: 'Show Design tab' }).check();
  await page.goto('/#/design');
  await expect(heading(page)).toHaveText('Design');
  await expect(notice(page)).toHaveCount(0);
});
