import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { test, expect, type Page } from '@playwright/test';
import { buildUf2, UF2_FAMILY } from '../src/formats/uf2.ts';
import { openPane, withoutRememberedKeyboards } from './helpers.ts';

test.beforeEach(({ page }) => withoutRememberedKeyboards(page));

/** A 2.4G receiver's image: built for its chip (nRF52840), its application at 0x27000. */
const receiverImage = (payload: Uint8Array) => buildUf2(payload, 0x27000, UF2_FAMILY.nRF52840);

/** The virtual receiver bootloaders' last flashed versions (undefined: none is on the bus). */
const flashedVersion = (page: Page) =>
  page.evaluate(() => {
    const hook = (
      window as unknown as {
        __keyloom: {
          stores: { runtime: { virtualHid: { serial: { all(): { flashedVersion: number | null }[] } } } };
        };
      }
    ).__keyloom;
    return hook.stores.runtime.virtualHid.serial.all()[0]?.flashedVersion;
  });

const menuLinks = (page: Page) =>
  page.getByRole('navigation', { name: 'Main menu' }).getByRole('link').allTextContents();

test('connect to DFU opens Boot after 3 s; the receiver bootloader is flashed over serial', async ({
  page,
}, testInfo) => {
  await openPane(page, 'Wireless', 'orbitpad');
  // The Orbit Pad's config has the g24boot flag: Boot and Boot 2 are in the menu.
  await expect.poll(() => menuLinks(page)).toEqual(['Configure', 'Key Tester', 'Boot', 'Boot 2', 'Settings']);
  await page.getByRole('button', { name: 'Connect receiver to DFU' }).click();
  // It restarts the receiver into its bootloader: asked first, and Cancel writes nothing.
  const ask = page.getByRole('alertdialog', { name: 'Connect receiver to DFU?' });
  await expect(ask).toContainText('The 2.4G receiver restarts into its bootloader');
  await ask.getByRole('button', { name: 'Cancel' }).click();
  await expect(ask).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Boot', exact: true })).toBeVisible();
  await expect(page).not.toHaveURL(/#\/boot$/);
  await page.getByRole('button', { name: 'Connect receiver to DFU' }).click();
  await ask.getByRole('button', { name: 'Connect receiver to DFU' }).click();
  await expect(page).toHaveURL(/#\/boot$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Boot');

  const image = testInfo.outputPath('receiver-2.0.0.uf2');
  writeFileSync(image, receiverImage(new TextEncoder().encode('KLFW:2.0.0 '.padEnd(3000, '*'))));
  await page.getByLabel('Open').setInputFiles(image);
  await page.getByRole('button', { name: 'Flash', exact: true }).click();
  await expect(page.getByText('Flash successful.')).toBeVisible();
  expect(await flashedVersion(page)).toBe(0x200);
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
  writeFileSync(image, receiverImage(new Uint8Array(600)));
  await page.getByLabel('Open').setInputFiles(image);
  await page.getByRole('button', { name: 'Flash', exact: true }).click();
  await expect(page.getByText('Failed to flash.')).toBeVisible();
  await expect(page.getByText('Reason: no serial port')).toBeVisible();
});

test("the receiver refuses the keyboard's own image: it says whose it is, and Flash stays off", async ({
  page,
}, testInfo) => {
  await openPane(page, 'Wireless', 'orbitpad');
  await page.getByRole('button', { name: 'Connect receiver to DFU' }).click();
  await page
    .getByRole('alertdialog', { name: 'Connect receiver to DFU?' })
    .getByRole('button', { name: 'Connect receiver to DFU' })
    .click();
  await expect(page).toHaveURL(/#\/boot$/, { timeout: 6000 });
  await expect(page.getByRole('list', { name: 'Bootloaders Keyloom looks for' })).toContainText(
    'takes nRF52840 images',
  );
  // The Aurora 75's firmware, as its vendor config offers it for online upgrade (an RP2040 image).
  await page
    .getByLabel('Open')
    .setInputFiles(path.resolve('keyboards/tabkb/firmware/keyloom-aurora75-1.0.3.uf2'));
  await expect(
    page.getByText(
      "This file is a keyboard's firmware (RP2040), not the receiver's (nRF52840): flash it from Configure → Firmware instead. Nothing was flashed.",
    ),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Flash', exact: true })).toBeDisabled();
  expect(await flashedVersion(page)).toBeNull();

  // An image that names no chip is not flashed either; the receiver's own is.
  const unnamed = buildUf2(new Uint8Array(600));
  for (let at = 0; at < unnamed.length; at += 512) new DataView(unnamed.buffer).setUint32(at + 8, 0, true);
  writeFileSync(testInfo.outputPath('unnamed.uf2'), unnamed);
  await page.getByLabel('Open').setInputFiles(testInfo.outputPath('unnamed.uf2'));
  await expect(page.getByText(/does not say which device it is for/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Flash', exact: true })).toBeDisabled();
  writeFileSync(testInfo.outputPath('receiver.uf2'), receiverImage(new TextEncoder().encode('KLFW:2.0.1')));
  await page.getByLabel('Open').setInputFiles(testInfo.outputPath('receiver.uf2'));
  await page.getByRole('button', { name: 'Flash', exact: true }).click();
  await expect(page.getByText('Flash successful.')).toBeVisible({ timeout: 30_000 });
  expect(await flashedVersion(page)).toBe(0x201);
});
