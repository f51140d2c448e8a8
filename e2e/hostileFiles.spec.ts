import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { crc32, deflateSync } from 'node:zlib';
import { test, expect, type Page } from '@playwright/test';
import { HOSTILE_DEFINITIONS } from '../tests/support/hostileDefinitions.ts';
import { firmware, openPane, withoutRememberedKeyboards } from './helpers.ts';

// Issue 33: the audit's small files that froze the page, brought the way a user brings them. Each ends in the
// reader's own message; how fast is bench/hostileFiles.bench.ts's figure, not a timed assertion here.

test.beforeEach(({ page }) => withoutRememberedKeyboards(page));

/** A hostile definition as a file; `feed` gives it the ids of `?virtual=unknown` (FEED:0001). */
const hostile = (name: string, feed = false) => {
  const found = HOSTILE_DEFINITIONS.find((h) => h.name === name);
  if (!found) throw new Error(`no hostile definition named ${name}`);
  const text = feed
    ? found.text.replace(
        '"vendorId":"0x1234","productId":"0x5678"',
        '"vendorId":"0xFEED","productId":"0x0001"',
      )
    : found.text;
  return { name: 'hostile.json', mimeType: 'application/json', buffer: Buffer.from(text) };
};

/** The URLs of the page's dedicated workers so far. */
const workerUrls = (page: Page) => page.workers().map((w) => w.url());

test('a definition with one KLE row of 8,000 entries is refused, checked in a worker', async ({ page }) => {
  await page.goto('/?virtual=unknown#/');
  const load = page.getByTestId('missing-definition').getByLabel('Load definition…');
  await expect(load).toBeAttached();
  const started = page.waitForEvent('worker');
  await load.setInputFiles(hostile('v3 source, one KLE row of 8,000 entries (24 kB)', true));
  expect((await started).url()).toMatch(/definitionCheckWorker/);
  await expect(page.getByRole('alert')).toHaveText(
    'This definition has 8,000 keys in one row (layouts.keymap.0); Keyloom reads at most 256. Nothing was stored.',
  );
  await page.goto('/#/settings');
  await expect(page.getByText('No stored definitions.')).toBeVisible();
});

test('where the worker cannot load, the same check runs on the page and the right file is taken', async ({
  page,
  context,
}) => {
  let refused = 0;
  await context.route(/definitionCheckWorker[^/]*\.js$/, (route) => {
    refused++;
    return route.abort();
  });
  await page.goto('/?virtual=unknown#/');
  const load = page.getByTestId('missing-definition').getByLabel('Load definition…');
  await load.setInputFiles(hostile('v3 source, one KLE row of 8,000 entries (24 kB)', true));
  await expect(page.getByRole('alert')).toHaveText(
    'This definition has 8,000 keys in one row (layouts.keymap.0); Keyloom reads at most 256. Nothing was stored.',
  );
  expect(refused).toBe(1);
  await load.setInputFiles('e2e/fixtures/prototype75-feed-0001.json');
  await expect(
    page.getByTestId('keyboard-canvas').getByRole('button', { name: /^row 0, column 0: / }),
  ).toBeVisible();
  // Asked once: later checks do not wait on a worker that failed.
  expect(refused).toBe(1);
});

test('Build a virtual keyboard: LED index 2,147,483,693 and a matrix of 2,147,483,651 rows are refused', async ({
  page,
}) => {
  await page.goto('/#/');
  await page.getByRole('button', { name: 'Try a virtual keyboard' }).first().click();
  const input = page.getByLabel('Build one from a keyboard definition file…');
  await input.setInputFiles(hostile('VIA form, LED index 2,147,483,693'));
  await expect(page.getByRole('alert')).toHaveText(
    "A key's LED index is 2,147,483,693 (layouts.keys.0); the VIA protocol addresses LEDs 0 to 255.",
  );
  await input.setInputFiles(hostile('VIA form, matrix.rows 2,147,483,651'));
  await expect(page.getByRole('alert')).toContainText('2,147,483,651');
  await expect(page.getByRole('button', { name: 'Build keyboard' })).toHaveCount(0);
  expect(workerUrls(page).some((url) => /definitionCheckWorker/.test(url))).toBe(true);
});

test('a .vil with a delay of 1e13 ms, or 256 tap dance entries, is refused before anything is expanded', async ({
  page,
}) => {
  await page.goto('/?virtual=vial-demo#/');
  await expect(page.getByRole('button', { name: 'Tap Dance', exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Save + Load', exact: true }).click();
  const input = page.getByLabel('Import a Vial layout (.vil)');
  const vil = (content: object) => ({
    name: 'hostile.vil',
    mimeType: 'application/json',
    buffer: Buffer.from(JSON.stringify({ layout: [[['KC_A']]], ...content })),
  });
  await input.setInputFiles(vil({ macro: [[['delay', 1e13]]] }));
  await expect(page.getByRole('alert')).toHaveText(
    'Could not import the .vil file: macro M0 has a delay of 10000000000000 ms; Vial stores delays of 0 to 65024 ms.',
  );
  const entry = ['KC_A', 'KC_B', 'KC_NO', 'KC_NO', 200];
  await input.setInputFiles(vil({ tap_dance: new Array(256).fill(entry) }));
  await expect(page.getByRole('alert')).toHaveText(
    'Could not import the .vil file: tap_dance has more than 255 entries, more than a Vial keyboard holds.',
  );
  await expect(page.getByRole('button', { name: 'Apply' })).toHaveCount(0);
});

// The .vil reader refuses with a code and values: a Japanese user reads why in Japanese, the values placed.
test('a refused .vil is explained in Japanese', async ({ page }) => {
  const ja = (ns: string) =>
    JSON.parse(readFileSync(`src/i18n/locales/ja/${ns}.json`, 'utf8')) as {
      pane?: Record<string, string>;
      import?: Record<string, string>;
    };
  await page.addInitScript(() => localStorage.setItem('via-app-store', '{"language":"ja"}'));
  await page.goto('/?virtual=vial-demo#/');
  await expect(page.getByTestId('keyboard-canvas')).toBeVisible();
  await page.getByRole('button', { name: ja('configure').pane!.saveLoad!, exact: true }).click();
  const input = page.getByLabel(ja('vial').import!.label!);
  const entry = ['KC_A', 'KC_B', 'KC_NO', 'KC_NO', 200];
  await input.setInputFiles({
    name: 'hostile.vil',
    mimeType: 'application/json',
    buffer: Buffer.from(JSON.stringify({ layout: [[['KC_A']]], tap_dance: new Array(256).fill(entry) })),
  });
  await expect(page.getByRole('alert')).toHaveText(
    '.vil ファイルを読み込めませんでした：tap_dance の項目が 255 個を超えています。Vial キーボードが持てる数より多すぎます。',
  );
  await input.setInputFiles({ name: 'broken.vil', mimeType: 'application/json', buffer: Buffer.from('{') });
  await expect(page.getByRole('alert')).toHaveText(
    '.vil ファイルを読み込めませんでした：JSON ではありません。',
  );
});

test('a macro script with a 120,000-character text run gets the size message, not a stack overflow', async ({
  page,
}) => {
  await page.goto('/?virtual=aurora75#/');
  await page.getByRole('button', { name: 'Macros' }).click();
  await page.getByRole('button', { name: 'M1', exact: true }).click();
  await page.getByRole('tab', { name: 'Script' }).click();
  await page.getByLabel('Macro M1').fill('a'.repeat(120_000));
  // Checked as it is typed: the spec's message beside the box, and Save waits for a script that fits.
  await expect(page.locator('#macro-problem')).toHaveText(/^Macro size \(\d+\) exceeds buffer size \(\d+\)$/);
  await expect(page.getByLabel('Macro M1')).toHaveAccessibleDescription(
    /^Macro size \(\d+\) exceeds buffer size/,
  );
  await expect(page.getByRole('button', { name: 'Save', exact: true })).toBeDisabled();
  // 20,000 keys: the record view is left empty rather than drawing a row per key.
  await page.getByLabel('Macro M1').fill('{KC_A}'.repeat(20_000));
  await page.getByRole('tab', { name: 'Recorded steps' }).click();
  await expect(
    page.getByText('The script has an error: fix it in the script view to see its steps.'),
  ).toBeVisible();
  await expect(page.locator('.step-list')).toHaveCount(0);
});

/** A PNG of width × height pixels of one RGB colour; `rows` limits the rows actually written (a claim). */
function solidPng(width: number, height: number, rgb: [number, number, number], rows = height): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const out = Buffer.alloc(body.length + 8);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc32(body), body.length + 4);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8 bits, RGB, deflate, no filter, no interlace
  const line = Buffer.alloc(1 + width * 3);
  for (let x = 0; x < width; x++) line.set(rgb, 1 + x * 3);
  const raw = Buffer.alloc(line.length * rows);
  for (let y = 0; y < rows; y++) line.copy(raw, y * line.length);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

test('a 36-megapixel picture is read scaled down; one claiming 400 megapixels is refused unread', async ({
  page,
}) => {
  await openPane(page, 'Screen');
  await page.getByRole('tab', { name: 'Image' }).click();
  const input = page.getByLabel('Import Image');
  // 108 MB of pixels in a 100 kB file.
  await input.setInputFiles({
    name: 'red.png',
    mimeType: 'image/png',
    buffer: solidPng(8000, 4500, [255, 0, 0]),
  });
  await expect(page.getByTestId('original-size')).toHaveText('Original size: 8000 × 4500');
  // The crop works on what was decoded: at most 4096 × 4096 pixels' worth, the picture's proportions kept.
  const frame = page.getByRole('button', { name: /^Crop frame/ });
  const [, w, h] = /(\d+) × (\d+)$/.exec((await frame.getAttribute('aria-label')) ?? '') ?? [];
  expect(Number(w) * Number(h)).toBeLessThanOrEqual(4096 * 4096);
  expect(Number(w) / Number(h)).toBeCloseTo(16 / 9, 2);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText("Sent to the keyboard's screen.")).toBeVisible({ timeout: 120_000 });
  expect(await firmware(page, 'screenPixel', 0, 120, 60)).toBe(0xf800);
  // 20,000 × 20,000 claimed in a few kB: 1.6 GB once decoded.
  await input.setInputFiles({
    name: 'bomb.png',
    mimeType: 'image/png',
    buffer: solidPng(20_000, 20_000, [0, 0, 255], 16),
  });
  await expect(page.getByRole('alert')).toHaveText('Failed to process.');
});

test('a layout file whose every key is unknown lists 200 names and counts the rest', async ({ page }) => {
  await page.addInitScript(() => delete (window as unknown as Record<string, unknown>).showSaveFilePicker);
  await page.goto('/?virtual=aurora75#/');
  await page.getByRole('button', { name: 'Save + Load' }).click();
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  const layout = JSON.parse(await readFile((await (await download).path())!, 'utf8')) as {
    layers: string[][];
  };
  const keys = layout.layers.flat().length;
  layout.layers = layout.layers.map((layer, l) => layer.map((_, i) => `KC_UNKNOWN_${l}_${i}`));
  await page.getByLabel('Load Saved Layout').setInputFiles({
    name: 'unknown.layout.json',
    mimeType: 'application/json',
    buffer: Buffer.from(JSON.stringify(layout)),
  });
  const list = page.getByTestId('unknown-names');
  await expect(list.getByRole('listitem')).toHaveCount(201);
  await expect(list.getByRole('listitem').last()).toHaveText(`…and ${keys - 200} more names`);
});
