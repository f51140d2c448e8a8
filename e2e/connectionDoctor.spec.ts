import { test, expect, type Page } from '@playwright/test';
import {
  injectFault,
  refuseOpen,
  setLatency,
  withoutRememberedKeyboards,
  recheckDevices,
} from './helpers.ts';

// Each situation the connection doctor explains, produced with the virtual keyboard's fault injection.
const GET_PROTOCOL_VERSION = 0x01;

const doctor = (page: Page) => page.getByRole('dialog', { name: 'Connection doctor' });
const finding = (page: Page, kind: string) => doctor(page).locator(`[data-finding="${kind}"]`);

async function openFromBadge(page: Page) {
  await page.getByTestId('keyboard-badge').click();
  await page.getByRole('menuitem', { name: 'Connection doctor…' }).click();
  await expect(doctor(page)).toBeVisible();
}

/** Aurora 75 alone, listed; then `fault` on its next protocol-version replies and the doctor's 'Check again'. */
async function withFault(page: Page, fault: () => Promise<void>) {
  await withoutRememberedKeyboards(page);
  await page.goto('/?virtual=aurora75#/');
  await expect(page.getByTestId('keyboard-badge')).toHaveText(/Keyloom Aurora 75/);
  await fault();
  await openFromBadge(page);
  await doctor(page).getByRole('button', { name: 'Check again' }).click();
}

test('no WebHID: the doctor names the browsers that work', async ({ page }) => {
  await page.addInitScript(() => {
    delete (Navigator.prototype as { hid?: unknown }).hid;
  });
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'USB Detection Error' })).toBeVisible();
  await page.getByRole('button', { name: 'Connection doctor' }).click();
  await expect(finding(page, 'noWebHid')).toContainText('This browser has no WebHID');
  await expect(finding(page, 'noWebHid')).toContainText('Chrome, Edge, Opera');
});

test('no keyboard authorised: Authorize device, and on Linux a udev rule only for the ids typed', async ({
  page,
}) => {
  await withoutRememberedKeyboards(page);
  await page.goto('/?virtual=aurora75#/');
  await expect(page.getByTestId('keyboard-badge')).toHaveText(/Keyloom Aurora 75/);
  await openFromBadge(page);
  const none = finding(page, 'noneAuthorised');
  await expect(none.getByRole('heading', { level: 3 })).toHaveText(
    'No USB keyboard is authorised for this page',
  );
  await expect(none.getByRole('button', { name: 'Authorize device' })).toBeVisible();
  // The test browser runs on Linux: the rule waits for both ids and names only that keyboard.
  await expect(none.getByTestId('udev-rule').locator('pre')).toHaveCount(0);
  await none.getByLabel('Vendor id').fill('FEED');
  await expect(none.getByTestId('udev-rule').locator('pre')).toHaveCount(0);
  await none.getByLabel('Product id').fill('0001');
  await expect(none.getByTestId('udev-rule').locator('pre').first()).toHaveText(
    '# Keyloom: let the signed-in user open this keyboard (FEED:0001) over WebHID\n' +
      'KERNEL=="hidraw*", SUBSYSTEM=="hidraw", ATTRS{idVendor}=="feed", ATTRS{idProduct}=="0001", TAG+="uaccess"\n',
  );
  await expect(none).toContainText('/etc/udev/rules.d/70-keyloom-feed-0001.rules');
});

test('a keyboard without a definition: its ids, where definitions come from, Load definition…', async ({
  page,
}) => {
  await withoutRememberedKeyboards(page);
  await page.goto('/?virtual=unknown#/');
  await expect(page.getByTestId('keyboard-badge')).toHaveText(/FEED:0001 · no definition/);
  await openFromBadge(page);
  const missing = finding(page, 'noDefinition');
  await expect(missing.getByRole('heading', { level: 3 })).toHaveText(
    'Prototype 75 (FEED:0001) has no definition',
  );
  await expect(missing).toContainText('needs a v3 definition for the ids FEED:0001');
  await missing.getByLabel('Load definition…').setInputFiles('e2e/fixtures/prototype75-feed-0001.json');
  await expect(doctor(page)).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Prototype 75');
});

test('a firmware answering 0xFF to VIA commands: VIA is disabled in it (from the Errors page)', async ({
  page,
}) => {
  await withoutRememberedKeyboards(page);
  await page.goto('/?virtual=aurora75#/');
  await expect(page.getByTestId('keyboard-badge')).toHaveText(/Keyloom Aurora 75/);
  await injectFault(page, { kind: 'unhandled' }, { command: GET_PROTOCOL_VERSION, times: 10 });
  await recheckDevices(page);
  await page.evaluate(() => (location.hash = '#/errors'));
  await expect(page.getByText('Received invalid protocol version from device').first()).toBeVisible();
  await page.getByRole('button', { name: 'Connection doctor' }).click();
  const disabled = finding(page, 'viaDisabled');
  await expect(disabled.getByRole('heading', { level: 3 })).toHaveText(
    'Keyloom Aurora 75 (4B4C:0002) answers 0xFF to VIA commands',
  );
  await expect(disabled).toContainText('VIA is disabled in that firmware');
  await expect(disabled).toContainText('VIA_ENABLE = yes');
});

test('protocol −1', async ({ page }) => {
  await withFault(page, () =>
    injectFault(
      page,
      { kind: 'overwrite', offset: 1, bytes: [0xff, 0xff] },
      { command: GET_PROTOCOL_VERSION, times: 10 },
    ),
  );
  await expect(finding(page, 'invalidProtocol').getByRole('heading', { level: 3 })).toHaveText(
    'Keyloom Aurora 75 (4B4C:0002) reports protocol −1',
  );
  await expect(finding(page, 'invalidProtocol')).toContainText('0xFFFF');
  // The device is listed with its trouble, not dropped in silence.
  await doctor(page).getByRole('button', { name: 'Close' }).click();
  await page.getByTestId('keyboard-badge').click();
  await expect(
    page.getByRole('menuitem', { name: /Keyloom Aurora 75.*4B4C:0002 · protocol −1/ }),
  ).toBeVisible();
});

test('a keyboard that stopped answering', async ({ page }) => {
  await withFault(page, () =>
    injectFault(page, { kind: 'drop' }, { command: GET_PROTOCOL_VERSION, times: 30 }),
  );
  await expect(finding(page, 'notAnswering').getByRole('heading', { level: 3 })).toHaveText(
    'Keyloom Aurora 75 (4B4C:0002) stopped answering',
  );
  await expect(finding(page, 'notAnswering')).toContainText('Unplug it and plug it in again');
});

test('a keyboard the browser cannot open: on Linux the udev rule for its ids, never for all hidraw devices', async ({
  page,
}) => {
  await withFault(page, () => refuseOpen(page));
  const closed = finding(page, 'cannotOpen');
  await expect(closed.getByRole('heading', { level: 3 })).toHaveText(
    'Keyloom Aurora 75 (4B4C:0002) cannot be opened',
  );
  const rule = closed.getByTestId('udev-rule').locator('pre').first();
  await expect(rule).toContainText(
    'KERNEL=="hidraw*", SUBSYSTEM=="hidraw", ATTRS{idVendor}=="4b4c", ATTRS{idProduct}=="0002", TAG+="uaccess"',
  );
  expect((await rule.textContent())!.split('\n').filter((l) => l.startsWith('KERNEL'))).toHaveLength(1);
  await expect(closed).toContainText('/etc/udev/rules.d/70-keyloom-4b4c-0002.rules');
  await expect(closed.getByTestId('udev-rule')).toContainText(
    'sudo udevadm control --reload-rules && sudo udevadm trigger',
  );
});

test('the loader offers the doctor while a keyboard takes long to load', async ({ page }) => {
  await withoutRememberedKeyboards(page);
  await page.goto('/?virtual=aurora75#/');
  await expect(page.getByTestId('keyboard-badge')).toHaveText(/Keyloom Aurora 75/);
  await setLatency(page, 300);
  await page.getByTestId('keyboard-badge').click();
  await page.getByRole('menuitemradio', { name: /Keyloom Aurora 75/ }).click();
  await page.getByRole('status').getByRole('button', { name: 'Connection doctor' }).click();
  await expect(doctor(page)).toBeVisible();
  await expect(finding(page, 'noneAuthorised')).toBeVisible();
});
