import { writeFileSync } from 'node:fs';
import { test, expect } from '@playwright/test';
import { buildUf2 } from '../src/formats/uf2.ts';
import { firmware, injectFault, openPane, setLatency, withoutRememberedKeyboards } from './helpers.ts';

test.beforeEach(({ page }) => withoutRememberedKeyboards(page));

test('online upgrade: badge, download, progress, flash over serial, the board restarts on the new version', async ({
  page,
}) => {
  await openPane(page, 'Firmware');
  await expect(page.getByTestId('firmware-version')).toHaveText('1.0.2');
  await expect(page.getByText('1.0.3 available')).toBeVisible();
  await page.getByRole('button', { name: /Check for Updates/ }).click();
  // Replies 3 ms apart: the transfer takes seconds, as on hardware, so its progress can be seen.
  await setLatency(page, 3);
  await page.getByRole('button', { name: 'Update to 1.0.3' }).click();
  // Progress: percent and bytes of the 98.3 kB image.
  await expect(page.getByRole('status').filter({ hasText: '/ 98.3 kB' })).toBeVisible();
  await expect(page.getByText('Flash successful.')).toBeVisible({ timeout: 45_000 });
  // The virtual board restarted and reports the version tagged in the image; the pane stays open.
  await expect(page.getByTestId('firmware-version')).toHaveText('1.0.3', { timeout: 10_000 });
  expect(await firmware(page, 'firmwareVersion')).toBe(0x103);
  await page.getByRole('button', { name: /Check for Updates/ }).click();
  await expect(page.getByText('Already the latest version!')).toBeVisible();
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText('Already the latest version!')).toHaveCount(0);
});

test('a firmware file that cannot be downloaded: Download Failed with Cancel, nothing flashed', async ({
  page,
}) => {
  await page.route('**/tabkb/firmware/*.uf2', (route) => route.fulfill({ status: 404, body: 'missing' }));
  await openPane(page, 'Firmware');
  await page.getByRole('button', { name: /Check for Updates/ }).click();
  await expect(page.getByText('Download Failed')).toBeVisible();
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByText('Download Failed')).toHaveCount(0);
  expect(await firmware(page, 'firmwareVersion')).toBe(0x102);
});

test('local upgrade: only UF2 files are accepted; unplugged mid-flash is Failed to flash.', async ({
  page,
}, testInfo) => {
  await openPane(page, 'Firmware');
  await page.getByRole('tab', { name: 'Local Upgrade' }).click();
  await expect(page.getByRole('button', { name: 'Flash', exact: true })).toBeDisabled();

  const notUf2 = testInfo.outputPath('notes.uf2');
  writeFileSync(notUf2, 'not firmware');
  await page.getByLabel('Open').setInputFiles(notUf2);
  await expect(page.getByRole('alert')).toContainText('This is not a UF2 firmware file');
  await expect(page.getByRole('button', { name: 'Flash', exact: true })).toBeDisabled();

  const image = testInfo.outputPath('keyloom-2.1.0.uf2');
  writeFileSync(image, buildUf2(new TextEncoder().encode('KLFW:2.1.0 '.padEnd(4000, '#'))));
  await page.getByLabel('Open').setInputFiles(image);
  await expect(page.getByText('keyloom-2.1.0.uf2')).toBeVisible();

  await injectFault(page, { kind: 'unplug' }, { command: 241 });
  await page.getByRole('button', { name: 'Flash', exact: true }).click();
  await expect(page.getByText('Failed to flash.')).toBeVisible();
});

test('local upgrade: cancel (Yes) stops a flash and keeps the firmware; No lets it finish', async ({
  page,
}, testInfo) => {
  await openPane(page, 'Firmware');
  await page.getByRole('tab', { name: 'Local Upgrade' }).click();
  const image = testInfo.outputPath('keyloom-2.1.0.uf2');
  writeFileSync(image, buildUf2(new TextEncoder().encode('KLFW:2.1.0 '.padEnd(30_000, '#'))));
  await page.getByLabel('Open').setInputFiles(image);
  await setLatency(page, 3);
  // Cancelled with Yes: the transfer stops, the board keeps its firmware.
  await page.getByRole('button', { name: 'Flash', exact: true }).click();
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(
    page.getByText('Cancel transfer will revert to factory default Firmware, confirm cancel?'),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Yes', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Flash', exact: true })).toBeEnabled();
  await expect(page.getByText('Flash successful.')).toHaveCount(0);
  expect(await firmware(page, 'firmwareVersion')).toBe(0x102);
  // Asked again and answered No: the flash goes on to the end.
  await page.getByRole('button', { name: 'Flash', exact: true }).click();
  await page.getByRole('button', { name: 'Cancel' }).click();
  await page.getByRole('button', { name: 'No', exact: true }).click();
  await expect(page.getByText('Flash successful.')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('firmware-version')).toHaveText('2.1.0', { timeout: 10_000 });
});

test('firmware options from a link: the modal overlays everything, updates the keyboard, closes 1 s after', async ({
  page,
}) => {
  await page.goto('/?virtual=aurora75&firmware=4b4c:0002#/');
  const modal = page.getByRole('dialog', { name: 'Firmware update: Keyloom Aurora 75' });
  await expect(modal).toBeVisible();
  await expect(modal.getByTestId('firmware-version')).toHaveText('1.0.2');
  // The config lists files: Online upgrade.
  await modal.getByRole('button', { name: /Check for Updates/ }).click();
  await modal.getByRole('button', { name: 'Update to 1.0.3' }).click();
  await expect(modal).toHaveCount(0, { timeout: 45_000 });
  expect(await firmware(page, 'firmwareVersion')).toBe(0x103);
});

test('firmware options for a keyboard that is not connected: asks for it; Escape closes', async ({
  page,
}) => {
  await page.goto('/?virtual=aurora75&firmware=1234:abcd#/');
  const modal = page.getByRole('dialog', { name: 'Firmware update: 1234:ABCD' });
  await expect(modal).toContainText('Connect the keyboard 1234:ABCD');
  await page.keyboard.press('Escape');
  await expect(modal).toHaveCount(0);
});
