import { test, expect } from '@playwright/test';

test('a fresh machine connects the default virtual keyboard', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByTestId('keyboard-badge')).toHaveText(/Keyloom Aurora 75/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Keyloom Aurora 75');
});

test('?virtual=<id> connects that virtual keyboard and shows its name in the badge', async ({ page }) => {
  await page.goto('/?virtual=orbitpad#/');
  await expect(page.getByTestId('keyboard-badge')).toHaveText(/Keyloom Orbit Pad/);
  await page.getByTestId('keyboard-badge').click();
  await expect(page.getByRole('menuitemradio', { name: /Keyloom Orbit Pad/ })).toHaveAttribute(
    'aria-checked',
    'true',
  );
});

test('unplugging the virtual keyboard updates the badge and is remembered across reloads', async ({
  page,
}) => {
  await page.goto('/?virtual=lumen65#/');
  await expect(page.getByTestId('keyboard-badge')).toHaveText(/Keyloom Lumen 65/);
  // A requested demo comes alone on a fresh machine (not the default one behind it).
  await page.getByTestId('keyboard-badge').click();
  await page.getByRole('menuitem', { name: 'Unplug virtual keyboard' }).click();
  await expect(page.getByTestId('keyboard-badge')).toHaveText('No keyboard');
  await expect(page.getByRole('button', { name: 'Try a virtual keyboard' })).toBeVisible();
  await page.goto('/#/');
  await expect(page.getByTestId('keyboard-badge')).toHaveText('No keyboard');
});

test('try a virtual keyboard from the empty screen', async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('keyloom-virtual-keyboards', '[]'));
  await page.goto('/');
  await page.getByRole('button', { name: 'Try a virtual keyboard' }).click();
  await page
    .getByRole('dialog')
    .getByRole('button', { name: /Keyloom Orbit Pad/ })
    .click();
  await expect(page.getByTestId('keyboard-badge')).toHaveText(/Keyloom Orbit Pad/);
});

test('the command log answers a window message', async ({ page }) => {
  await page.goto('/?virtual=orbitpad#/');
  await expect(page.getByTestId('keyboard-badge')).toHaveText(/Keyloom Orbit Pad/);
  const entries = await page.evaluate(
    () =>
      new Promise<{ direction: string; bytes: number[] }[]>((resolve) => {
        window.addEventListener('message', (e) => {
          if (e.data?.type === 'keyloom:command-log') resolve(e.data.entries);
        });
        window.postMessage({ type: 'keyloom:command-log:request' }, '*');
      }),
  );
  expect(entries.length).toBeGreaterThan(0);
  expect(entries.some((e) => e.direction === 'out' && e.bytes[0] === 0x01)).toBe(true);
});

test('a virtual keyboard keeps its EEPROM across reloads until it is reset', async ({ page }) => {
  await page.addInitScript(() => {
    if (!sessionStorage.getItem('seeded')) {
      localStorage.setItem('keyloom-virtual-keyboards', '[]');
      sessionStorage.setItem('seeded', '1');
    }
  });
  await page.goto('/?virtual=orbitpad#/');
  const key = page
    .getByTestId('keyboard-canvas')
    .getByRole('button', { name: /^row 1, column 0: Numpad 7$/ });
  await key.click();
  await page.getByRole('button', { name: 'A', exact: true }).click();
  await expect(
    page.getByTestId('keyboard-canvas').getByRole('button', { name: /^row 1, column 0: A$/ }),
  ).toBeVisible();
  await page.goto('/#/');
  await expect(
    page.getByTestId('keyboard-canvas').getByRole('button', { name: /^row 1, column 0: A$/ }),
  ).toBeVisible();
  await page.getByTestId('keyboard-badge').click();
  await page.getByRole('menuitem', { name: 'Reset virtual keyboard' }).click();
  await expect(
    page.getByTestId('keyboard-canvas').getByRole('button', { name: /^row 1, column 0: Numpad 7$/ }),
  ).toBeVisible();
});
