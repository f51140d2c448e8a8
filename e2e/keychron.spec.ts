import { test, expect, type Page } from '@playwright/test';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { checkAccessibility, serveAxe } from './axe.ts';
import {
  canvasKey,
  firmwareRequest,
  keychronOsSwitch,
  openPane,
  withoutRememberedKeyboards,
} from './helpers.ts';

// Keychron boards (issue 40): the panes on the virtual Q1 V2, checked on the firmware model's own answers.
test.beforeEach(async ({ page }) => {
  await withoutRememberedKeyboards(page);
  // Headless Chromium would open a native dialog: Save uses the download fallback.
  await page.addInitScript(() => delete (window as unknown as Record<string, unknown>).showSaveFilePicker);
  await page.setViewportSize({ width: 1400, height: 900 });
});

const key = (page: Page, legend: string) => canvasKey(page, new RegExp(`^row \\d+, column \\d+: ${legend}$`));

/** The LED index the board maps a matrix position to (0xA8 0x06). */
async function ledAt(page: Page, row: number, col: number): Promise<number> {
  return (await firmwareRequest(page, 0xa8, 0x06, row, 0xff, 0xff, 0xff))[3 + col]!;
}
/** One LED's colour in the board's RAM (0xA8 0x09). */
async function colourOf(page: Page, led: number): Promise<number[]> {
  return (await firmwareRequest(page, 0xa8, 0x09, led, 1)).slice(3, 6);
}

async function openLighting(page: Page) {
  await openPane(page, 'Keychron Lighting', 'keychron-q1v2');
  await expect(page.getByRole('group', { name: 'Paint colour' })).toBeVisible();
}

test('Keychron: three painted keys, a region effect and a Snap Click pair are saved on the board and read back after a reload', async ({
  page,
}) => {
  await openLighting(page);
  const leds = [await ledAt(page, 2, 1), await ledAt(page, 2, 2), await ledAt(page, 2, 3)];
  await page.getByRole('button', { name: 'Hue 109°' }).click();
  for (const legend of ['Q', 'W', 'E']) await key(page, legend).click();
  for (const led of leds) await expect.poll(() => colourOf(page, led)).toEqual([77, 255, 255]);
  await expect(page.getByText('Not saved on the keyboard yet: lighting')).toBeVisible();

  const slot = page.getByLabel('Region 0, slot 2: effect');
  await slot.selectOption({ label: 'Breathing' });
  await expect
    .poll(async () => (await firmwareRequest(page, 0xa8, 0x0e, 0, 1, 1)).slice(2, 4))
    .toEqual([0, 2]);
  await page.screenshot({ path: 'test-results/keychron-lighting.png' });

  await page
    .getByRole('navigation', { name: 'Configure panes' })
    .getByRole('button', { name: 'Snap Click' })
    .click();
  await page.getByRole('button', { name: 'Choose keys' }).first().click();
  await key(page, 'A').click();
  await key(page, 'D').click();
  await page.getByLabel('Pair 1: when both are held').selectOption({ label: 'Last input wins' });
  await expect
    .poll(async () => (await firmwareRequest(page, 0xa7, 0x08, 0, 1)).slice(2, 6))
    .toEqual([0, 2, 0x04, 0x07]);
  await expect(page.getByText('Not saved on the keyboard yet: lighting, Snap Click')).toBeVisible();
  await page.screenshot({ path: 'test-results/keychron-snap-click.png' });

  await page.getByRole('button', { name: 'Save to keyboard' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Saved on the keyboard' })).toBeVisible();

  // A reload starts the board from its EEPROM: everything saved is there, in the board and on the panes.
  await openLighting(page);
  for (const led of leds) expect(await colourOf(page, led)).toEqual([77, 255, 255]);
  await expect(page.getByLabel('Region 0, slot 2: effect')).toHaveValue('2');
  // The canvas is the colour map: the painted keys share their new colour, R keeps the board's own.
  const fill = (legend: string) => key(page, legend).locator('polygon').first().getAttribute('style');
  await expect.poll(() => fill('Q')).toBe(await fill('W'));
  expect(await fill('Q')).not.toBe(await fill('R'));
  await page
    .getByRole('navigation', { name: 'Configure panes' })
    .getByRole('button', { name: 'Snap Click' })
    .click();
  await expect(page.getByLabel('Pair 1: when both are held')).toHaveValue('2');
  await expect(page.getByRole('row', { name: /^1 A \+ D/ })).toBeVisible();
});

test('Keychron: undo puts a painted colour back on the board', async ({ page }) => {
  await openLighting(page);
  const led = await ledAt(page, 3, 1);
  const before = await colourOf(page, led);
  await page.getByRole('button', { name: 'Hue 253°' }).click();
  await key(page, 'A').click();
  await expect.poll(() => colourOf(page, led)).toEqual([179, 255, 255]);
  await page.getByRole('button', { name: 'Undo the last change' }).click();
  await expect.poll(() => colourOf(page, led)).toEqual(before);
  await page.getByRole('button', { name: 'Redo the change undone' }).click();
  await expect.poll(() => colourOf(page, led)).toEqual([179, 255, 255]);
});

test('Keychron: keyboard settings show the firmware version and change the debounce time', async ({
  page,
}) => {
  await openPane(page, 'Keyboard Settings', 'keychron-q1v2');
  await expect(page.getByTestId('keychron-firmware')).toHaveText('v2.2.0 2025-12-01-16:59:02');
  // The default layer (where the Mac/Windows switch stands) is read with the pane, then follows the switch.
  await expect(page.getByTestId('keychron-default-layer')).toHaveText('0');
  await keychronOsSwitch(page, 'win');
  await expect(page.getByTestId('keychron-default-layer')).toHaveText('2');
  // Stored at once: no save bar here, and the pane says so.
  await expect(page.getByText('The keyboard saves these settings as soon as you change them.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save to keyboard' })).toHaveCount(0);
  const time = page.getByLabel('Debounce time', { exact: true });
  await time.fill('12');
  await time.press('Enter');
  await expect.poll(async () => (await firmwareRequest(page, 0xa7, 0x05)).slice(4, 6)).toEqual([4, 12]);
  await page.screenshot({ path: 'test-results/keychron-settings.png' });
});

test('Keychron: a layout file carries the Keychron settings and puts them back, saved on the board', async ({
  page,
}) => {
  await openLighting(page);
  const led = await ledAt(page, 2, 1);
  await page.getByRole('button', { name: 'Hue 109°' }).click();
  await key(page, 'Q').click();
  await expect.poll(() => colourOf(page, led)).toEqual([77, 255, 255]);

  const panes = page.getByRole('navigation', { name: 'Configure panes' });
  await panes.getByRole('button', { name: 'Save + Load' }).click();
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  const saved = await readFile((await (await download).path())!, 'utf8');
  const keychron = JSON.parse(saved).keychron;
  expect(keychron.version).toBe(1);
  expect(keychron.rgb.colors[led]).toEqual([77, 255, 255]);
  expect(keychron.rgb.colors).toHaveLength(81);
  expect(keychron.snapClick).toHaveLength(20);
  expect(keychron.debounce).toEqual({ type: 4, ms: 50 });

  await panes.getByRole('button', { name: 'Keychron Lighting' }).click();
  await page.getByRole('button', { name: 'Hue 253°' }).click();
  await key(page, 'Q').click();
  await expect.poll(() => colourOf(page, led)).toEqual([179, 255, 255]);

  const dir = await mkdtemp(path.join(tmpdir(), 'kl-keychron-'));
  const file = path.join(dir, 'keychron_q1.layout.json');
  await writeFile(file, saved);
  await panes.getByRole('button', { name: 'Save + Load' }).click();
  await page.getByLabel('Load Saved Layout').setInputFiles(file);
  const preview = page.getByRole('region', { name: 'Keychron settings' });
  await expect(preview.getByText('Colour of 1 key')).toBeVisible();
  await page.screenshot({ path: 'test-results/keychron-load-preview.png' });
  expect(await colourOf(page, led)).toEqual([179, 255, 255]);
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByText('Layout loaded onto the keyboard.')).toBeVisible();
  await expect.poll(() => colourOf(page, led)).toEqual([77, 255, 255]);

  // Saved on the board: a reload (the board starts from its EEPROM) still has it.
  await openLighting(page);
  expect(await colourOf(page, led)).toEqual([77, 255, 255]);
});

test('Keychron: the three panes pass axe in both themes', async ({ page }) => {
  test.setTimeout(300_000);
  await serveAxe(page);
  for (const pane of ['Keychron Lighting', 'Snap Click', 'Keyboard Settings']) {
    await openPane(page, pane, 'keychron-q1v2');
    // Keyboard Settings has no save bar while nothing waits for a save: its values are stored at once.
    await expect(
      pane === 'Keyboard Settings'
        ? page.getByTestId('keychron-firmware')
        : page.getByRole('button', { name: 'Save to keyboard' }),
    ).toBeVisible();
    await checkAccessibility(page, `Keychron Q1 V2: ${pane} pane`, '.pane-content');
  }
});

test('Keychron: the printed keymap ends with the per-key colour map', async ({ page }) => {
  await openLighting(page);
  await page.getByRole('button', { name: 'Hue 109°' }).click();
  await key(page, 'Q').click();
  await expect.poll(async () => colourOf(page, await ledAt(page, 2, 1))).toEqual([77, 255, 255]);
  await page
    .getByRole('navigation', { name: 'Configure panes' })
    .getByRole('button', { name: 'Save + Load' })
    .click();
  await page.getByRole('button', { name: 'Print keymap' }).click();
  const map = page.getByTestId('print-keychron-colours-canvas');
  await expect(map).toBeVisible();
  const fill = (legend: string) =>
    map
      .getByRole('img', { name: new RegExp(`^row \\d+, column \\d+: ${legend}$`) })
      .locator('polygon')
      .first();
  await expect(fill('Q')).toHaveAttribute('style', /fill/);
  expect(await fill('Q').getAttribute('style')).not.toBe(await fill('R').getAttribute('style'));
  await map.scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'test-results/keychron-print.png' });
});

test('Keychron: at 1280×720 the board and the paint colours are in view together', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  await openLighting(page);
  const board = page.getByTestId('keyboard-canvas');
  // The whole board brought into view: the colours and the brightness are in view below it.
  await board.evaluate((e) => e.scrollIntoView({ block: 'start' }));
  await expect(board).toBeInViewport({ ratio: 1 });
  await expect(page.getByRole('group', { name: 'Paint colour' })).toBeInViewport({ ratio: 1 });
  await expect(page.getByLabel('Paint brightness')).toBeInViewport({ ratio: 1 });
  // Choosing a colour leaves the board where it is.
  await page.getByRole('button', { name: 'Hue 109°' }).click();
  await expect(board).toBeInViewport({ ratio: 1 });
});

test('Keychron: a drag over three keys is one write batch and one undo step', async ({ page }) => {
  await openLighting(page);
  const leds = [await ledAt(page, 2, 1), await ledAt(page, 2, 2), await ledAt(page, 2, 3)];
  const before = await Promise.all(leds.map((led) => colourOf(page, led)));
  await page.getByRole('button', { name: 'Hue 109°' }).click();
  const centre = async (legend: string) => {
    const box = (await key(page, legend).boundingBox())!;
    return [box.x + box.width / 2, box.y + box.height / 2] as const;
  };
  await key(page, 'Q').scrollIntoViewIfNeeded();
  const [q, w, e] = [await centre('Q'), await centre('W'), await centre('E')];
  await page.mouse.move(...q);
  await page.mouse.down();
  await page.mouse.move(...w, { steps: 4 });
  await page.mouse.move(...e, { steps: 4 });
  // Shown while dragging, written when the button comes up.
  await page.mouse.up();
  for (const led of leds) await expect.poll(() => colourOf(page, led)).toEqual([77, 255, 255]);
  await page.getByRole('button', { name: 'Undo the last change' }).click();
  for (const [i, led] of leds.entries()) await expect.poll(() => colourOf(page, led)).toEqual(before[i]);
  // One step undid the whole drag: nothing is left to undo.
  await expect(page.getByRole('button', { name: 'Undo the last change' })).toBeDisabled();
});

test('Keychron: Snap Click says which layer its keys come from; the language row says what its number is', async ({
  page,
}) => {
  await openPane(page, 'Snap Click', 'keychron-q1v2');
  await expect(page.getByTestId('snap-layer')).toContainText('layer 0');
  await page
    .getByRole('navigation', { name: 'Configure panes' })
    .getByRole('button', { name: 'Keyboard Settings' })
    .click();
  await expect(page.getByText('Keychron Launcher language', { exact: true })).toBeVisible();
  await expect(page.getByText(/gives it no names and never uses it/)).toBeVisible();
});

test('Keychron: a layout file whose Keychron settings the firmware would refuse is refused whole, nothing written', async ({
  page,
}) => {
  await openLighting(page);
  const led = await ledAt(page, 2, 1);
  const before = await colourOf(page, led);
  const panes = page.getByRole('navigation', { name: 'Configure panes' });
  await panes.getByRole('button', { name: 'Save + Load' }).click();
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  const saved = JSON.parse(await readFile((await (await download).path())!, 'utf8'));
  saved.keychron.rgb.colors[led] = [1, 2, 3];
  saved.keychron.rgb.perKeyType = 9; // the firmware has 0-4
  const dir = await mkdtemp(path.join(tmpdir(), 'kl-keychron-'));
  const file = path.join(dir, 'bad.layout.json');
  await writeFile(file, JSON.stringify(saved));
  await page.getByLabel('Load Saved Layout').setInputFiles(file);
  await expect(page.getByText(/its Keychron section .* is invalid/)).toBeVisible();
  expect(await colourOf(page, led)).toEqual(before);
});

test('Keychron: a board claiming Keychron settings that answers nonsense gets a worded problem, in English and Japanese', async ({
  page,
}) => {
  await page.goto('/?virtual=keychron-q1v2#/');
  await expect(page.getByRole('navigation', { name: 'Configure panes' })).toBeVisible();
  // From now on the board says it has 255 LEDs (0xA8 0x05): more than its 6 × 16 matrix can hold.
  await page.evaluate(async () => {
    const hook = (
      window as unknown as {
        __keyloom: { stores: { runtime: { provider: { devices(): Promise<{ device: unknown }[]> } } } };
      }
    ).__keyloom;
    const [first] = await hook.stores.runtime.provider.devices();
    const firmware = (first!.device as { firmware: { handleReport(r: Uint8Array): Uint8Array | null } })
      .firmware;
    const real = firmware.handleReport.bind(firmware);
    firmware.handleReport = (request) => {
      const reply = real(request);
      if (reply && request[0] === 0xa8 && request[1] === 0x05) reply[3] = 255;
      return reply;
    };
  });
  const panes = page.getByRole('navigation', { name: 'Configure panes' });
  await panes.getByRole('button', { name: 'Keychron Lighting' }).click();
  const alert = page.getByRole('alert').filter({ hasText: 'A8 05' });
  await expect(alert).toContainText('names more than any Keychron board has');
  await expect(page.getByRole('button', { name: 'Try again' })).toBeVisible();
  await page.getByRole('link', { name: 'Settings' }).click();
  await page.getByLabel('Language').selectOption('ja');
  await page.getByRole('link', { name: '設定', exact: true }).click();
  await page.getByRole('button', { name: 'Keychron ライティング' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'A8 05' })).toContainText(
    'どの Keychron ボードよりも多い数',
  );
  await page.screenshot({ path: 'test-results/keychron-garbage-ja.png' });
});

test('Keychron: each Snap Click pair is one row: its Choose keys and Clear sit inside that row, under the table head', async ({
  page,
}) => {
  await openPane(page, 'Snap Click', 'keychron-q1v2');
  const table = page.locator('.keychron-table');
  const head = (await table.locator('thead th').last().boundingBox())!;
  for (const n of [0, 1, 5]) {
    const row = table.locator('tbody tr').nth(n);
    const [r, actions] = [(await row.boundingBox())!, (await row.locator('td').last().boundingBox())!];
    // The actions cell spans its row's height (its border is the row's border) and stays in the last column.
    expect(Math.abs(actions.y - r.y)).toBeLessThan(1);
    expect(Math.abs(actions.height - r.height)).toBeLessThan(1);
    expect(Math.abs(actions.x - head.x)).toBeLessThan(1);
  }
});

test('Keychron: Escape ends Snap Click\'s "Choose keys": the next key clicked writes no pair', async ({
  page,
}) => {
  await openPane(page, 'Snap Click', 'keychron-q1v2');
  const choose = page.getByRole('button', { name: 'Choose keys' }).first();
  await choose.focus();
  await page.keyboard.press('Enter');
  await expect(choose).toHaveAttribute('aria-pressed', 'true');
  // What to click next is in view at 1400×900 beside the keyboard, not under the 20 pairs' table.
  await expect(page.getByText('Pair 1: click the first key. Esc stops choosing.')).toBeInViewport();
  // The first key chosen, then Escape: the choosing ends there.
  await key(page, 'A').click();
  await expect(page.getByText(/^First key A: now click the second key/)).toBeInViewport();
  await page.screenshot({ path: 'test-results/keychron-snap-choosing.png' });
  await page.keyboard.press('Escape');
  await expect(choose).toHaveAttribute('aria-pressed', 'false');
  await expect(page.getByText(/click the (first|second) key/)).toHaveCount(0);
  // A key clicked afterwards is only a key: pair 1 stays empty on the board.
  await key(page, 'D').click();
  expect((await firmwareRequest(page, 0xa7, 0x08, 0, 1)).slice(2, 6)).toEqual([0, 0, 0, 0]);
});

test("Keychron: while Snap Click's keys are chosen, clicking or tabbing through another pair's row keeps them for the pair named", async ({
  page,
}) => {
  await openPane(page, 'Snap Click', 'keychron-q1v2');
  await page.getByRole('button', { name: 'Choose keys' }).first().click();
  await key(page, 'A').click();
  // Another pair's row looked at mid-choice: its number clicked, its type list focused.
  await page.getByRole('rowheader', { name: '3', exact: true }).click();
  await page.getByLabel('Pair 3: when both are held').focus();
  await expect(page.getByText(/^First key A: now click the second key/)).toBeVisible();
  await key(page, 'D').click();
  // The pair that asked for the keys has them; pair 3 was never written.
  await expect
    .poll(async () => (await firmwareRequest(page, 0xa7, 0x08, 0, 1)).slice(2, 6))
    .toEqual([0, 1, 0x04, 0x07]);
  expect((await firmwareRequest(page, 0xa7, 0x08, 2, 1)).slice(2, 6)).toEqual([0, 0, 0, 0]);
});
