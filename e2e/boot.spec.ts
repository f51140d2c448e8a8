import { writeFileSync } from 'node:fs';
import { test, expect, type Page } from '@playwright/test';
import { buildUf2 } from '../src/formats/uf2.ts';
import { openPane, withoutRememberedKeyboards } from './helpers.ts';

test.beforeEach(({ page }) => withoutRememberedKeyboards(page));

const menuLinks = (page: Page) =>
  page.getByRole('navigation', { name: 'Main menu' }).getByRole('link').allTextContents();

test('connect to DFU opens Boot after 3 s; the receiver bootloader is flashed over serial', async ({
  page,
}, testInfo) => {
  await openPane(page, 'Wireless', 'orbitpad');
  // The Orbit Pad's config has the g24boot flag: Boot and Boot 2 are in the menu.
  await expect.poll(() => menuLinks(page)).toEqual(['Configure', 'Key Tester', 'Boot', 'Boot 2', 'Settings']);
  await page.getByRole('button', { name: 'Connect receiver to DFU' }).click();
  await expect(page).toHaveURL(/#\/boot$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Boot');

  const image = testInfo.outputPath('receiver-2.0.0.uf2');
  writeFileSync(image, buildUf2(new TextEncoder().encode('KLFW:2.0.0 '.padEnd(3000, '*'))));
  await page.getByLabel('Open').setInputFiles(image);
  await page.getByRole('button', { name: 'Flash', exact: true }).click();
  await expect(page.getByText('Flash successful.')).toBeVisible();
  const flashed = await page.evaluate(() => {
    const hook = (
      window as unknown as {
        __keyloom: {
          stores: { runtime: { virtualHid: { serial: { all(): { flashedVersion: number | null }[] } } } };
        };
      }
    ).__keyloom;
    return hook.stores.runtime.virtualHid.serial.all()[0]?.flashedVersion;
  });
  expect(flashed).toBe(0x200);
  // Boot 2 has its own transfer state: Boot's outcome does not show there, and is still there on return.
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Boot 2' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Boot 2');
  await expect(page.getByText('Flash successful.')).toHaveCount(0);
  await page
    .getByRole('navigation', { name: 'Main menu' })
    .getByRole('link', { name: 'Boot', exact: true })
    .click();
  await expect(page.getByText('Flash successful.')).toBeVisible();
});

test('Boot 2 with no device in its boot mode: Failed to flash., with the reason', async ({
  page,
}, testInfo) => {
  // The browser's port chooser lists nothing and the user closes it (headless Chromium cannot show it).
  await page.addInitScript(() => {
    const serial = (navigator as unknown as { serial?: { requestPort(): Promise<unknown> } }).serial;
    if (serial)
      serial.requestPort = () =>
        Promise.reject(new DOMException('No port selected by the user.', 'NotFoundError'));
  });
  await page.goto('/?virtual=orbitpad#/boot2');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Boot 2');
  const image = testInfo.outputPath('receiver.uf2');
  writeFileSync(image, buildUf2(new Uint8Array(600)));
  await page.getByLabel('Open').setInputFiles(image);
  await page.getByRole('button', { name: 'Flash', exact: true }).click();
  await expect(page.getByText('Failed to flash.')).toBeVisible();
  await expect(page.getByText('Reason: no serial port')).toBeVisible();
});
