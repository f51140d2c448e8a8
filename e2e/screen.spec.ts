import { test, expect, type Page } from '@playwright/test';
import { firmware, injectFault, openPane, setLatency, withoutRememberedKeyboards } from './helpers.ts';

test.beforeEach(({ page }) => withoutRememberedKeyboards(page));

interface ScreenContent {
  type: string;
  width: number;
  height: number;
  frames: number;
  rate: number;
  option: number;
  foregrounds: number;
  flags: number;
  bytes: number;
}

async function openTool(page: Page, tool: 'Video' | 'Image' | 'Slider' | 'Theme') {
  await openPane(page, 'Screen');
  await page.getByRole('tab', { name: tool }).click();
}

const content = (page: Page) => firmware<ScreenContent | null>(page, 'screenContent');
const save = (page: Page) => page.getByRole('button', { name: 'Save', exact: true });
const sent = (page: Page) =>
  expect(page.getByText("Sent to the keyboard's screen.")).toBeVisible({ timeout: 120_000 });

test('image: original size, crop frame moved by keyboard, saved as one 240×135 RGB565 frame', async ({
  page,
}) => {
  await openTool(page, 'Image');
  await expect(save(page)).toBeDisabled();
  await page.getByLabel('Import Image').setInputFiles('e2e/fixtures/red-blue.png');
  await expect(page.getByTestId('original-size')).toHaveText('Original size: 64 × 36');
  // 64 × 36 is already 16:9: the frame covers it all and cannot move.
  const frame = page.getByRole('button', { name: /^Crop frame/ });
  await expect(frame).toHaveAccessibleName('Crop frame at 0, 0, 64 × 36');
  await frame.focus();
  await page.keyboard.press('ArrowRight');
  await expect(frame).toHaveAccessibleName('Crop frame at 0, 0, 64 × 36');
  await save(page).click();
  await sent(page);
  expect(await content(page)).toMatchObject({
    type: 'image',
    width: 240,
    height: 135,
    frames: 1,
    bytes: 20 + 240 * 135 * 2,
  });
  // Left half red (F800), right half blue (001F), high byte first.
  expect(await firmware(page, 'screenPixel', 0, 10, 60)).toBe(0xf800);
  expect(await firmware(page, 'screenPixel', 0, 230, 60)).toBe(0x001f);
});

test('image: a square picture gets a 16:9 frame that arrow keys move inside it', async ({ page }) => {
  await openTool(page, 'Image');
  await page.getByLabel('Import Image').setInputFiles('e2e/fixtures/badge.png');
  const frame = page.getByRole('button', { name: /^Crop frame/ });
  await expect(frame).toHaveAccessibleName('Crop frame at 0, 4, 20 × 11');
  await frame.focus();
  await page.keyboard.press('ArrowDown');
  await expect(frame).toHaveAccessibleName('Crop frame at 0, 5, 20 × 11');
  await page.keyboard.press('Shift+ArrowDown');
  await expect(frame).toHaveAccessibleName('Crop frame at 0, 9, 20 × 11');
});

test('video: a GIF is converted in the browser (ffmpeg.wasm served locally) and sent as frames', async ({
  page,
}) => {
  const cdn: string[] = [];
  // Any request off this origin (blob: and data: URLs are the page's own memory, not the network).
  page.on('request', (r) => {
    const url = r.url();
    if (!/^(blob|data):/.test(url) && !url.startsWith('http://127.0.0.1')) cdn.push(url);
  });
  await openTool(page, 'Video');
  await page.getByLabel('Import Video').setInputFiles('e2e/fixtures/four-colours.gif');
  await expect(page.getByTestId('original-size')).toHaveText('Original size: 48 × 27');
  await save(page).click();
  await sent(page);
  const screen = (await content(page))!;
  expect(screen).toMatchObject({ type: 'video', width: 240, height: 135, rate: 15 });
  // 0.4 s of GIF at 15 fps: about 6 frames; the refps flag (8) lets the keyboard re-time them.
  expect(screen.frames).toBeGreaterThanOrEqual(4);
  expect(screen.frames).toBeLessThanOrEqual(60);
  expect(screen.flags & 8).toBe(8);
  expect(await firmware(page, 'screenPixel', 0, 120, 60)).toBe(0xf800);
  expect(cdn).toEqual([]);
});

test('slider: a folder becomes images in name order (others left out), with interval and transition', async ({
  page,
}) => {
  await openTool(page, 'Slider');
  await page.getByLabel('Import Folder').setInputFiles('e2e/fixtures/slides');
  await expect(page.getByTestId('slide-position')).toHaveText('Image 1 of 2: 1-magenta.png');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByTestId('slide-position')).toHaveText('Image 2 of 2: 2-cyan.png');
  await page.getByLabel('Interval').selectOption('10');
  await page.getByLabel('Transition Animation').selectOption({ label: 'Left to right' });
  await save(page).click();
  await sent(page);
  expect(await content(page)).toMatchObject({ type: 'slider', frames: 2, rate: 10, option: 4 });
  expect(await firmware(page, 'screenPixel', 0, 5, 5)).toBe(0xf81f);
  expect(await firmware(page, 'screenPixel', 1, 5, 5)).toBe(0x07ff);
});

test('theme: background required, foregrounds placed with the keyboard, size shown, saved with overlays', async ({
  page,
}) => {
  await openTool(page, 'Theme');
  await expect(save(page)).toBeDisabled();
  await page.getByLabel('Import Background').setInputFiles('e2e/fixtures/four-colours.gif');
  await expect(page.getByRole('img', { name: 'Background: four-colours.gif' })).toBeVisible();
  await page.getByLabel('Import Foreground').setInputFiles('e2e/fixtures/badge.png');
  const badge = page.getByRole('button', { name: /^Foreground badge.png/ });
  await expect(badge).toHaveAccessibleName('Foreground badge.png at 0, 0, 20 × 20');
  await badge.focus();
  await page.keyboard.press('Shift+ArrowRight');
  await page.keyboard.press('+');
  await expect(badge).toHaveAccessibleName('Foreground badge.png at 10, 0, 21 × 21');
  await expect(page.getByTestId('theme-size')).toContainText('/ 4.00 MB used');
  await page.getByLabel('Foreground Animation').selectOption({ label: 'Animation B' });
  await save(page).click();
  await sent(page);
  expect(await content(page)).toMatchObject({ type: 'theme', foregrounds: 1, option: 2, flags: 2 });
});

test('cancel while sending: confirmed, 226 reaches the keyboard, the screen reverts to factory content', async ({
  page,
}) => {
  await openTool(page, 'Slider');
  await page.getByLabel('Import Folder').setInputFiles('e2e/fixtures/slides');
  await setLatency(page, 3);
  await save(page).click();
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(
    page.getByText('Cancel transfer will revert to factory default Slider, confirm cancel?'),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Yes', exact: true }).click();
  await expect(page.getByText('Transfer cancelled: the screen shows its factory content.')).toBeVisible();
  expect(await content(page)).toBeNull();
});

test("outcome messages belong to their send: another tool or a new file clears 'Sent to the keyboard's screen.'", async ({
  page,
}) => {
  await openTool(page, 'Image');
  await page.getByLabel('Import Image').setInputFiles('e2e/fixtures/red-blue.png');
  await save(page).click();
  await sent(page);
  // A new file chosen: the last send's outcome goes.
  await page.getByLabel('Import Image').setInputFiles('e2e/fixtures/badge.png');
  await expect(page.getByText("Sent to the keyboard's screen.")).toHaveCount(0);
  await save(page).click();
  await sent(page);
  // Another tool: it goes too.
  await page.getByRole('tab', { name: 'Video' }).click();
  await expect(page.getByText("Sent to the keyboard's screen.")).toHaveCount(0);
});

test('theme: the foreground limit holds in the handler, not only on the button', async ({ page }) => {
  await openTool(page, 'Theme');
  const foregrounds = page.getByRole('button', { name: /^Foreground badge.png/ });
  for (let n = 1; n <= 3; n++) {
    await page.getByLabel('Import Foreground').setInputFiles('e2e/fixtures/badge.png');
    await expect(foregrounds).toHaveCount(n);
  }
  await expect(page.getByRole('button', { name: 'Import Foreground' })).toBeDisabled();
  // A fourth file reaching the input anyway (the disabled button is only the first guard) is refused.
  await page.getByLabel('Import Foreground').setInputFiles('e2e/fixtures/badge.png');
  await expect(page.getByText("At most 3 foregrounds fit this keyboard's screen.")).toBeVisible();
  await expect(foregrounds).toHaveCount(3);
});

test('screen transfer with every reply dropped mid-way: the keyboard is told to stop and the page says so', async ({
  page,
}) => {
  await openTool(page, 'Image');
  await page.getByLabel('Import Image').setInputFiles('e2e/fixtures/red-blue.png');
  await injectFault(page, { kind: 'drop' }, { command: 225, times: 'always' });
  await save(page).click();
  await expect(page.getByText('Failed to save.')).toBeVisible();
  await expect(page.getByTestId('transfer-failure')).toContainText(
    'the keyboard was told to stop: it left its receiving state and did not take the new content.',
  );
  expect(await firmware(page, 'receivingTransfer')).toBeNull();
  expect(await content(page)).toBeNull();
});

test("the export type's choices are in the user's language (the board's config writes them in English)", async ({
  page,
}) => {
  await page.addInitScript(() => localStorage.setItem('via-app-store', '{"language":"ja"}'));
  await page.goto('/?virtual=aurora75#/');
  await page
    .getByRole('navigation', { name: '設定パネル' })
    .getByRole('button', { name: 'スクリーン', exact: true })
    .click();
  await page.getByRole('tab', { name: '動画' }).click();
  const choices = page.getByLabel('出力形式').locator('option');
  await expect(choices.first()).toHaveText(/^240 × 135、最大 \d+ フレーム$/);
});
