import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { test, expect, type Page } from '@playwright/test';
import { buildUf2, UF2_FAMILY } from '../src/formats/uf2.ts';
import { firmware, injectFault, openPane, setLatency, withoutRememberedKeyboards } from './helpers.ts';

test.beforeEach(({ page }) => withoutRememberedKeyboards(page));

/** A flash is asked first, naming the keyboard and warning not to unplug it: this answers it with `action`. */
async function confirmFlash(page: Page, action: string) {
  const question = page.getByRole('alertdialog', { name: 'Flash new firmware onto Keyloom Aurora 75?' });
  await expect(question).toContainText(
    'Do not disconnect the keyboard or close this page during the upgrade.',
  );
  await question.getByRole('button', { name: action, exact: true }).click();
}

test('online upgrade: badge, download, progress, flash over serial, the board restarts on the new version', async ({
  page,
}) => {
  await openPane(page, 'Firmware');
  await expect(page.getByTestId('firmware-version')).toHaveText('1.0.2');
  await expect(page.getByText('1.0.3 available')).toBeVisible();
  await page.getByRole('button', { name: /Check for Updates/ }).click();
  // Replies 3 ms apart: the transfer takes seconds, as on hardware, so its progress can be seen.
  await setLatency(page, 3);
  // The warning not to unplug is part of the question, and on the pane only while the keyboard is written to.
  const warning = page.getByText('Do not disconnect the keyboard or close this page during the upgrade.');
  await expect(warning).toHaveCount(0);
  // Nothing is flashed without asking: Cancel leaves the keyboard as it was.
  await page.getByRole('button', { name: 'Update to 1.0.3' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('alertdialog')).toHaveCount(0);
  await expect(page.getByTestId('firmware-stage')).toHaveCount(0);
  expect(await firmware(page, 'firmwareVersion')).toBe(0x102);
  await page.getByRole('button', { name: 'Update to 1.0.3' }).click();
  await confirmFlash(page, 'Update to 1.0.3');
  // Progress: percent and bytes of the 98.3 kB image.
  await expect(page.getByRole('status').filter({ hasText: '/ 98.3 kB' })).toBeVisible();
  await expect(warning).toBeVisible();
  await expect(page.getByText('Flash successful.')).toBeVisible();
  // The virtual board restarted and reports the version tagged in the image; the pane stays open, no longer
  // offering the version just installed, nor warning.
  await expect(page.getByTestId('firmware-version')).toHaveText('1.0.3');
  expect(await firmware(page, 'firmwareVersion')).toBe(0x103);
  await expect(page.getByRole('button', { name: 'Update to 1.0.3' })).toHaveCount(0);
  await expect(warning).toHaveCount(0);
  await page.getByRole('button', { name: /Check for Updates/ }).click();
  await expect(page.getByText('Already the latest version!')).toBeVisible();
  // A message, not a question: OK puts it away.
  await page.getByRole('button', { name: 'OK', exact: true }).click();
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
  await confirmFlash(page, 'Flash');
  // The keyboard is gone, so is its Firmware pane: the page still says the flash failed and where it left the
  // keyboard (the stop could not reach it, it may still be waiting for data), above the welcome card.
  await expect(page.getByRole('heading', { name: 'Welcome to Keyloom' })).toBeVisible();
  const lost = page.getByRole('region', { name: 'The keyboard left during a firmware flash' });
  await expect(lost).toContainText('Failed to flash. Reason: The device has been lost. After 0 Bytes of');
  await expect(lost.getByTestId('transfer-failure')).toContainText(
    'the stop could not be sent: the keyboard may still be waiting for data.',
  );
  await page.screenshot({ path: testInfo.outputPath('lost-flash.png') });
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
  await confirmFlash(page, 'Flash');
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
  await confirmFlash(page, 'Flash');
  await page.getByRole('button', { name: 'Cancel' }).click();
  await page.getByRole('button', { name: 'No', exact: true }).click();
  await expect(page.getByText('Flash successful.')).toBeVisible();
  await expect(page.getByTestId('firmware-version')).toHaveText('2.1.0');
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
  await confirmFlash(page, 'Update to 1.0.3');
  await expect(modal).toHaveCount(0);
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

/** Serves Aurora 75's vendor config with other firmware files (each path → its bytes), hashes optional. */
async function serveFirmware(
  page: Page,
  files: { path: string; bytes: Uint8Array; sha256?: string }[],
): Promise<void> {
  await page.route('**/tabkb/configs.json', async (route) => {
    const configs = (await (await route.fetch()).json()) as { productId: number; firmware?: unknown }[];
    const aurora = configs.find((c) => c.productId === 2)!;
    aurora.firmware = {
      version: '1.0.3',
      files: files.map((f) => (f.sha256 ? { url: f.path, sha256: f.sha256 } : f.path)),
    };
    await route.fulfill({ json: configs });
  });
  for (const file of files)
    await page.route(`**/${file.path}`, (route) =>
      route.fulfill({ status: 200, body: Buffer.from(file.bytes), contentType: 'application/octet-stream' }),
    );
}

const image = (tag: string, size: number) => buildUf2(new TextEncoder().encode(tag.padEnd(size, '#')));
const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

test('PLC → master: two PLC files and a master file, the board restarting after each, to the end', async ({
  page,
}) => {
  const plcA = image('KLPLC:1.0.5 ', 20_000);
  const plcB = image('KLPLC:1.1.0 ', 20_000);
  const master = image('KLFW:1.0.3 ', 8_000);
  await serveFirmware(page, [
    { path: 'tabkb/firmware/aurora-plc-a.uf2', bytes: plcA, sha256: sha256(plcA) },
    { path: 'tabkb/firmware/aurora-plc-b.uf2', bytes: plcB },
    { path: 'tabkb/firmware/aurora-master.uf2', bytes: master, sha256: sha256(master) },
  ]);
  await openPane(page, 'Firmware');
  await expect(page.getByTestId('firmware-version')).toHaveText('1.0.2');
  await page.getByRole('button', { name: /Check for Updates/ }).click();
  const updateMaster = page.getByRole('button', { name: 'Update Master' });
  await expect(updateMaster).toBeDisabled();

  // Slow replies: the first PLC file takes long enough that the page can be seen saying where it stands.
  await setLatency(page, 3);
  await page.getByRole('button', { name: 'Update PLC' }).click();
  await confirmFlash(page, 'Update PLC');
  await expect(page.getByTestId('firmware-stage')).toHaveText(
    'PLC file 1 of 2 (aurora-plc-a.uf2): flashing…',
  );
  // The board restarts after each PLC file (the pane remounts with a new HID path); the update goes on.
  await expect(page.getByTestId('firmware-stage')).toContainText('PLC file 2 of 2 (aurora-plc-b.uf2)');
  await expect(page.getByText('The keyboard restarted and reports PLC 1.1.0.')).toBeVisible();
  await expect(page.getByTestId('firmware-parts')).toHaveText('PLC 1.1.0');
  await expect(page.getByRole('button', { name: 'Update PLC' })).toBeDisabled();
  // Master is offered only now that every PLC file is in; it restarts into boot mode first.
  await expect(updateMaster).toBeEnabled();
  await updateMaster.click();
  await confirmFlash(page, 'Update Master');
  await expect(page.getByText('The keyboard restarted and reports firmware 1.0.3.')).toBeVisible();
  await expect(page.getByText('Flash successful.')).toBeVisible();
  await expect(page.getByTestId('firmware-version')).toHaveText('1.0.3');
  expect(await firmware(page, 'firmwareVersion')).toBe(0x103);
  expect(await firmware(page, 'receivingTransfer')).toBeNull();
  await expect(updateMaster).toHaveCount(0);
});

test('a firmware file whose SHA-256 differs from the config: Download Failed, nothing flashed', async ({
  page,
}) => {
  const good = image('KLFW:1.0.3 ', 4_000);
  const tampered = image('KLFW:6.6.6 ', 4_000);
  await serveFirmware(page, [{ path: 'tabkb/firmware/aurora.uf2', bytes: tampered, sha256: sha256(good) }]);
  await openPane(page, 'Firmware');
  await page.getByRole('button', { name: /Check for Updates/ }).click();
  await expect(page.getByText('Download Failed')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Update to 1.0.3' })).toHaveCount(0);
  expect(await firmware(page, 'firmwareVersion')).toBe(0x102);
});

test('local .uf2: size and SHA-256 shown before Flash; a new file clears the last outcome', async ({
  page,
}, testInfo) => {
  await openPane(page, 'Firmware');
  await page.getByRole('tab', { name: 'Local Upgrade' }).click();
  const bytes = image('KLFW:2.1.0 ', 4_000);
  const path = testInfo.outputPath('keyloom-2.1.0.uf2');
  writeFileSync(path, bytes);
  await page.getByLabel('Open').setInputFiles(path);
  await expect(page.getByTestId('firmware-file-size')).toContainText(`${bytes.length} bytes`);
  await expect(page.getByTestId('firmware-file-sha256')).toHaveText(sha256(bytes));
  await page.getByRole('button', { name: 'Flash', exact: true }).click();
  await confirmFlash(page, 'Flash');
  // The outcome belongs to the flash, and outlasts the restart it causes.
  await expect(page.getByText('The keyboard restarted and reports firmware 2.1.0.')).toBeVisible();
  await expect(page.getByText('Flash successful.')).toBeVisible();
  // Another file chosen (here one that is not UF2): the old outcome goes, only the new file's error stays.
  const notUf2 = testInfo.outputPath('notes.uf2');
  writeFileSync(notUf2, 'not firmware');
  await page.getByLabel('Open').setInputFiles(notUf2);
  await expect(page.getByRole('alert')).toContainText('This is not a UF2 firmware file');
  await expect(page.getByText('Flash successful.')).toHaveCount(0);
  // Switching tab clears it too.
  await page.getByLabel('Open').setInputFiles(path);
  await page.getByRole('button', { name: 'Flash', exact: true }).click();
  await confirmFlash(page, 'Flash');
  await expect(page.getByText('Flash successful.')).toBeVisible();
  await page.getByRole('tab', { name: 'Online Upgrade' }).click();
  await expect(page.getByText('Flash successful.')).toHaveCount(0);
});

test('serial flash with one dropped reply succeeds; with every reply dropped it fails and says so', async ({
  page,
}, testInfo) => {
  await openPane(page, 'Firmware');
  await page.getByRole('tab', { name: 'Local Upgrade' }).click();
  const path = testInfo.outputPath('keyloom-2.2.0.uf2');
  writeFileSync(path, image('KLFW:2.2.0 ', 3_000));
  await page.getByLabel('Open').setInputFiles(path);
  // Every serial reply lost: 3 tries of the opening frame, then the stop (226); the board takes nothing.
  await injectFault(page, { kind: 'drop' }, { link: 'serial', times: 'always' });
  await page.getByRole('button', { name: 'Flash', exact: true }).click();
  await confirmFlash(page, 'Flash');
  await expect(page.getByText('Failed to flash.')).toBeVisible();
  await expect(page.getByTestId('transfer-failure')).toHaveText(
    'Reason: No reply from the keyboard. Nothing was written: the keyboard keeps what it had.',
  );
  await expect(page.getByText('Flash successful.')).toHaveCount(0);
  expect(await firmware(page, 'firmwareVersion')).toBe(0x102);
  expect(await firmware(page, 'receivingTransfer')).toBeNull();

  // One reply lost (a data chunk's): the frame is sent again and the flash completes.
  await page.reload();
  await page
    .getByRole('navigation', { name: 'Configure panes' })
    .getByRole('button', { name: 'Firmware', exact: true })
    .click();
  await page.getByRole('tab', { name: 'Local Upgrade' }).click();
  await page.getByLabel('Open').setInputFiles(path);
  await injectFault(page, { kind: 'drop' }, { link: 'serial', command: 241 });
  await page.getByRole('button', { name: 'Flash', exact: true }).click();
  await confirmFlash(page, 'Flash');
  await expect(page.getByText('The keyboard restarted and reports firmware 2.2.0.')).toBeVisible();
  expect(await firmware(page, 'firmwareVersion')).toBe(0x220);
});

test('every reply to the data chunks dropped: the keyboard is told to stop and the page says so', async ({
  page,
}, testInfo) => {
  await openPane(page, 'Firmware');
  await page.getByRole('tab', { name: 'Local Upgrade' }).click();
  const path = testInfo.outputPath('keyloom-2.3.0.uf2');
  writeFileSync(path, image('KLFW:2.3.0 ', 3_000));
  await page.getByLabel('Open').setInputFiles(path);
  await injectFault(page, { kind: 'drop' }, { link: 'serial', command: 241, times: 'always' });
  await page.getByRole('button', { name: 'Flash', exact: true }).click();
  await confirmFlash(page, 'Flash');
  await expect(page.getByTestId('transfer-failure')).toContainText(
    'the keyboard was told to stop: it left its receiving state and did not take the new content.',
  );
  expect(await firmware(page, 'receivingTransfer')).toBeNull();
  expect(await firmware(page, 'firmwareVersion')).toBe(0x102);
});

test('local upgrade refuses an image built for another chip, or naming none, before anything is sent (issue 39.4)', async ({
  page,
}, testInfo) => {
  await openPane(page, 'Firmware');
  await page.getByRole('tab', { name: 'Local Upgrade' }).click();
  const own = new Uint8Array(
    readFileSync(
      path.resolve(import.meta.dirname, '..', 'keyboards/tabkb/firmware/keyloom-aurora75-1.0.3.uf2'),
    ),
  );
  const relabel = (flags: number, family: number) => {
    const copy = own.slice();
    const view = new DataView(copy.buffer);
    for (let at = 0; at < copy.length; at += 512) {
      view.setUint32(at + 8, flags, true);
      view.setUint32(at + 28, family, true);
    }
    return copy;
  };
  const before = await firmware(page, 'firmwareVersion');
  const receiver = testInfo.outputPath('keyloom-aurora75-1.0.3-nrf.uf2');
  writeFileSync(receiver, relabel(0x2000, UF2_FAMILY.nRF52840));
  await page.getByLabel('Open').setInputFiles(receiver);
  await expect(page.getByRole('alert')).toContainText(
    'This file is firmware for another chip (nRF52840): Keyloom Aurora 75 runs on an RP2040. Nothing was flashed.',
  );
  await expect(page.getByRole('button', { name: 'Flash', exact: true })).toBeDisabled();

  const unnamed = testInfo.outputPath('keyloom-aurora75-1.0.3-nofamily.uf2');
  writeFileSync(unnamed, relabel(0, 0));
  await page.getByLabel('Open').setInputFiles(unnamed);
  await expect(page.getByRole('alert')).toContainText('it has no UF2 family id');
  await expect(page.getByRole('button', { name: 'Flash', exact: true })).toBeDisabled();
  expect(await firmware(page, 'firmwareVersion')).toBe(before);
});
