import { readFileSync, writeFileSync } from 'node:fs';
import { test, expect, type Page } from '@playwright/test';
import { firmware, injectFault, openPane, withoutRememberedKeyboards } from './helpers.ts';

test.beforeEach(({ page }) => withoutRememberedKeyboards(page));

const ROWS = 5;
const COLS = 16;

async function openMatrix(page: Page) {
  await openPane(page, 'Matrix Lighting');
  return page.getByRole('img', { name: 'LED grid, 5 rows by 16 columns' });
}

/** Centre of a grid cell in page coordinates. */
async function cell(page: Page, row: number, col: number) {
  const box = (await page.locator(`[data-cell="${row},${col}"]`).boundingBox())!;
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

const pixel = (data: number[], frame: number, row: number, col: number) => {
  const at = (frame * ROWS * COLS + row * COLS + col) * 3;
  return data.slice(at, at + 3);
};

test('paint by dragging, pick with right click, shift with arrows, add and copy frames, save to the keyboard', async ({
  page,
}) => {
  const grid = await openMatrix(page);
  // Drag across row 0, columns 0–3 in the default white.
  const from = await cell(page, 0, 0);
  const to = await cell(page, 0, 3);
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move(to.x, to.y, { steps: 10 });
  await page.mouse.up();
  // Red preset, one click on (2, 5).
  await page.getByRole('button', { name: 'Red', exact: true }).click();
  await page.mouse.click(...(Object.values(await cell(page, 2, 5)) as [number, number]));
  // Right click on a white cell picks white again.
  await page.mouse.click(...(Object.values(await cell(page, 0, 1)) as [number, number]), { button: 'right' });
  await expect(page.getByLabel('Hex colour')).toHaveValue('#ffffff');

  // Copy, then shift the copy right by one: it wraps at the edge.
  await page.getByRole('button', { name: 'Copy', exact: true }).click();
  await grid.focus();
  await page.keyboard.press('ArrowRight');
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(page.getByLabel('Current frame / frames')).toHaveText('3/3');
  await expect(page.getByRole('list', { name: 'Frames' }).getByRole('button')).toHaveCount(3);

  await page.getByLabel('FPS').selectOption('15');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Saved to the keyboard.')).toBeVisible();

  const saved = (await firmware<{ frames: number; fps: number; data: number[] } | null>(
    page,
    'matrixAnimation',
  ))!;
  expect(saved.frames).toBe(3);
  expect(saved.fps).toBe(15);
  expect(saved.data).toHaveLength(3 * ROWS * COLS * 3);
  const WHITE = [255, 255, 255];
  const RED = [255, 0, 0];
  const OFF = [0, 0, 0];
  expect([0, 1, 2, 3, 4].map((c) => pixel(saved.data, 0, 0, c))).toEqual([WHITE, WHITE, WHITE, WHITE, OFF]);
  expect(pixel(saved.data, 0, 2, 5)).toEqual(RED);
  // Frame 2 is frame 1 shifted right.
  expect([0, 1, 4].map((c) => pixel(saved.data, 1, 0, c))).toEqual([OFF, WHITE, WHITE]);
  expect(pixel(saved.data, 1, 2, 6)).toEqual(RED);
  // Frame 3 was added blank.
  expect(saved.data.slice(2 * ROWS * COLS * 3).every((b) => b === 0)).toBe(true);
});

test('download a .tabml file, clear everything, import it back; invalid files get the spec message', async ({
  page,
}, testInfo) => {
  await openMatrix(page);
  await page.getByRole('button', { name: 'Green', exact: true }).click();
  await page.mouse.click(...(Object.values(await cell(page, 4, 15)) as [number, number]));
  await page.getByRole('button', { name: 'Add', exact: true }).click();

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download File' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('keyloom_aurora_75_lighting_16_5.tabml');
  const file = testInfo.outputPath('saved.tabml');
  await download.saveAs(file);
  const bytes = readFileSync(file);
  expect([...bytes.subarray(0, 9)]).toEqual([0x74, 0x61, 0x62, 0x6d, 0x6c, 2, 10, ROWS, COLS]);
  expect(bytes.length).toBe(32 + 2 * ROWS * COLS * 3);

  await page.getByRole('button', { name: 'Delete All' }).click();
  await expect(page.getByLabel('Current frame / frames')).toHaveText('1/1');
  await page.getByLabel('Import File').setInputFiles(file);
  await expect(page.getByLabel('Current frame / frames')).toHaveText('1/2');
  await expect(page.locator('[data-cell="4,15"]')).toHaveCSS('background-color', 'rgb(0, 255, 0)');

  // Another grid size: refused, and the frames on screen stay.
  const wrong = Buffer.from(bytes);
  wrong[7] = 6;
  const wrongFile = testInfo.outputPath('wrong.tabml');
  writeFileSync(wrongFile, wrong);
  await page.getByLabel('Import File').setInputFiles(wrongFile);
  await expect(page.getByRole('alert')).toHaveText('Could not load file: invalid data.');
  await expect(page.getByLabel('Current frame / frames')).toHaveText('1/2');
});

test('texts tab: printable ASCII only, uppercase, written to the keyboard', async ({ page }) => {
  await openMatrix(page);
  await page.getByRole('tab', { name: 'Scrolling text' }).click();
  const first = page.getByLabel('Text 1');
  await first.fill('hello, wörld');
  await expect(first).toHaveValue('HELLO, WRLD');
  // Non-ASCII is stripped before the text is cut to 16, and leaves no double space.
  const second = page.getByLabel('Text 2');
  await second.fill('ééé I é LOVE KEYBOARDS');
  await expect(second).toHaveValue(' I LOVE KEYBOARDS'.slice(0, 16));
  await second.fill('');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Texts saved to the keyboard.')).toBeVisible();
  const value = await firmware<number[]>(page, 'customValue', 0, 67, [0]);
  expect(value[0]).toBe(11);
  expect(String.fromCharCode(...value.slice(1, 12))).toBe('HELLO, WRLD');
  // Reading back after a reload shows what the keyboard holds.
  await page.reload();
  await page
    .getByRole('navigation', { name: 'Configure panes' })
    .getByRole('button', { name: 'Matrix Lighting' })
    .click();
  await page.getByRole('tab', { name: 'Scrolling text' }).click();
  await expect(page.getByLabel('Text 1')).toHaveValue('HELLO, WRLD');
});

test('a refused save shows Failed to save. and logs the device error', async ({ page }) => {
  await openMatrix(page);
  await injectFault(page, { kind: 'error238' }, { command: 192 });
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByRole('alert')).toHaveText(
    'Failed to save. Reason: Error: 238. Nothing was written: the keyboard keeps what it had.',
  );
  expect(await firmware(page, 'matrixAnimation')).toBeNull();
  await page.getByRole('link', { name: '1 error' }).click();
  await expect(page.getByText('Error: 238')).toBeVisible();
});

for (const [phase, command, state] of [
  ['the opening frame (192)', 192, 'Nothing was written: the keyboard keeps what it had.'],
  [
    'the data chunks (193)',
    193,
    'the keyboard was told to stop: it left its receiving state and did not take the new content.',
  ],
] as const) {
  test(`every reply to ${phase} lost: Failed to save., the keyboard is not left receiving`, async ({
    page,
  }) => {
    await openMatrix(page);
    await injectFault(page, { kind: 'drop' }, { command, times: 'always' });
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByRole('alert')).toContainText(
      'Failed to save. Reason: No reply from the keyboard.',
    );
    await expect(page.getByTestId('transfer-failure')).toContainText(state);
    expect(await firmware(page, 'receivingTransfer')).toBeNull();
    expect(await firmware(page, 'matrixAnimation')).toBeNull();
  });
}

test('one lost reply during a save is tried again and the save completes', async ({ page }) => {
  await openMatrix(page);
  await injectFault(page, { kind: 'drop' }, { command: 193 });
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Saved to the keyboard', { exact: false })).toBeVisible();
  expect(await firmware(page, 'matrixAnimation')).not.toBeNull();
});
