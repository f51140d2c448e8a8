import { test, expect, type Page } from '@playwright/test';

// Routes without a gate; the gated ones (Design, Debug, Errors, Boot, Boot 2) are in routeGates.spec.ts.
const ROUTE_HEADINGS: [string, RegExp][] = [
  ['#/', /Welcome to Keyloom|Keyloom Aurora 75/],
  ['#/test', /Key Tester/],
  ['#/settings', /Settings/],
];

async function menuLinks(page: Page) {
  return page.getByRole('navigation', { name: 'Main menu' }).getByRole('link').allTextContents();
}

test('every ungated route renders its screen', async ({ page }) => {
  for (const [hash, heading] of ROUTE_HEADINGS) {
    await page.goto('/' + hash);
    await expect(page.getByRole('heading', { level: 1 }).first()).toHaveText(heading);
  }
});

test('the menu follows the settings and the error log', async ({ page }) => {
  await page.goto('/#/settings');
  await expect.poll(() => menuLinks(page)).toEqual(['Configure', 'Key Tester', 'Settings']);

  await page.getByRole('switch', { name: 'Show Design tab' }).check();
  await expect.poll(() => menuLinks(page)).toEqual(['Configure', 'Key Tester', 'Design', 'Settings']);

  await page.evaluate(() => {
    const hook = (
      window as unknown as {
        __keyloom: { stores: { errors: { getState(): { logAppError(e: { message: string }): void } } } };
      }
    ).__keyloom;
    hook.stores.errors.getState().logAppError({ message: 'one' });
    hook.stores.errors.getState().logAppError({ message: 'two' });
  });
  await expect(page.getByRole('link', { name: '2 errors' })).toBeVisible();
});

test('debug shows with the debug-prod flag', async ({ page }) => {
  await page.goto('/?debug-prod=1#/');
  await expect(
    page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Debug' }),
  ).toBeVisible();
});

test('theme and language survive a reload', async ({ page }) => {
  await page.goto('/#/settings');
  await page.getByRole('switch', { name: 'Light Mode' }).check();
  await page.getByLabel('Keycap Theme').selectOption('MATCHA');
  await page.getByLabel('Language').selectOption('ja');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('環境設定');
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('環境設定');
  await expect(page.locator('html')).toHaveAttribute('data-theme-mode', 'light');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ja');
  const keyAlpha = await page.evaluate(() =>
    document.documentElement.style.getPropertyValue('--key-alpha-bg'),
  );
  expect(keyAlpha).toBe('#e4e3d1');
  await expect(page.getByLabel('キーキャップテーマ')).toHaveValue('MATCHA');
  // Back to the default theme: its colours are the stylesheet's again.
  await page.getByLabel('キーキャップテーマ').selectOption('OLIVIA_DARK');
  await expect
    .poll(() =>
      page.evaluate(() =>
        getComputedStyle(document.documentElement).getPropertyValue('--key-alpha-bg').trim(),
      ),
    )
    .toBe('#363434');
});

test('a corrupt settings store does not break the app', async ({ page }) => {
  await page.addInitScript(() =>
    localStorage.setItem('via-app-store', '{"themeMode":"light","renderMode":42,'),
  );
  await page.goto('/#/settings');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Settings');
  await expect(page.getByRole('switch', { name: 'Light Mode' })).not.toBeChecked();
});

test('without WebHID the USB Detection Error page shows and the menu is hidden', async ({ page }) => {
  await page.addInitScript(() => {
    delete (Navigator.prototype as unknown as Record<string, unknown>).hid;
  });
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'USB Detection Error' })).toBeVisible();
  await expect(page.getByText('Only browsers with WebHID are supported', { exact: false })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main menu' })).toHaveCount(0);
  await expect(page.getByTestId('keyboard-badge')).toHaveCount(0);
});

test('Show Diagnostic Information needs a connected device', async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('keyloom-virtual-keyboards', '[]'));
  await page.goto('/#/settings');
  await expect(page.getByText('Requires connected device')).toBeVisible();
  await expect(page.getByRole('switch', { name: /Show Diagnostic Information/ })).toBeDisabled();
});

test('Show Diagnostic Information shows protocol and firmware of the connected keyboard', async ({
  page,
}) => {
  await page.goto('/?virtual=orbitpad#/settings');
  await expect(page.getByTestId('keyboard-badge')).toHaveText(/Keyloom Orbit Pad/);
  await page.getByRole('switch', { name: /Show Diagnostic Information/ }).check();
  await expect(page.getByTestId('diagnostics')).toContainText('12');
});

test('Show Diagnostic Information works for the virtual Aurora 75 too', async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('keyloom-virtual-keyboards', '[]'));
  await page.goto('/?virtual=aurora75#/settings');
  await expect(page.getByTestId('keyboard-badge')).toHaveText(/Keyloom Aurora 75/);
  const toggle = page.getByRole('switch', { name: /Show Diagnostic Information/ });
  await expect(toggle).toBeEnabled();
  await toggle.check();
  await expect(page.getByTestId('diagnostics')).toContainText('12');
  await expect(page.getByTestId('diagnostics')).toContainText('0x00000102');
});
