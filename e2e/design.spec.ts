import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { test, expect, type Page } from '@playwright/test';
import { VIA_DEFINITIONS_DIR } from '../tests/fixtures/paths.ts';

const REFERENCE = VIA_DEFINITIONS_DIR;
const V3_SIXTY = path.join(REFERENCE, 'v3/0_sixty__0_sixty.json');
const V3_1337 = path.join(REFERENCE, 'v3/0xcb__1337__1337.json');

async function openDesign(page: Page) {
  await page.goto('/#/settings');
  await page.getByRole('switch', { name: 'Show Design tab' }).check();
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Design' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Design');
}

test('load drafts, preview with layout options and matrix positions, switch and remove', async ({ page }) => {
  await openDesign(page);
  await page.getByRole('alertdialog').getByRole('button', { name: 'OK' }).click();
  // No draft yet: the keyboard area stays hidden.
  await expect(page.getByTestId('keyboard-area')).toBeHidden();
  await page.getByLabel('Load definitions').setInputFiles([V3_SIXTY, V3_1337]);
  const drafts = page.getByRole('list', { name: 'Draft definitions' }).getByRole('listitem');
  await expect(drafts).toHaveCount(2);
  // The last file loaded is shown.
  const canvas = page.getByTestId('keyboard-canvas');
  await expect(canvas).toHaveAttribute('aria-label', 'Draft: 0xCB 1337');
  await page.getByLabel('Shown definition').selectOption({ label: '0-Sixty by ven0mtr0n' });
  await expect(canvas).toHaveAttribute('aria-label', 'Draft: 0-Sixty by ven0mtr0n');
  await page.getByRole('switch', { name: 'Show Matrix' }).check();
  await expect(canvas.getByRole('button', { name: 'row 0, column 0' })).toContainText('0,0');
  // A layout option changes which keys are drawn.
  const before = await canvas.getByRole('button').count();
  await page.getByLabel('Bottom Row').selectOption({ index: 1 });
  await expect.poll(() => canvas.getByRole('button').count()).not.toBe(before);
  // Drafts survive a reload; removing the shown one shows the next.
  await page.reload();
  await expect(drafts).toHaveCount(2);
  await page.getByRole('button', { name: 'Remove 0-Sixty by ven0mtr0n' }).click();
  await expect(drafts).toHaveCount(1);
  await expect(page.getByLabel('Shown definition')).not.toHaveValue('');
});

test('one invalid file: every error as "file: message", nothing loaded; v2 mode refuses a v3 file', async ({
  page,
}, testInfo) => {
  await openDesign(page);
  const broken = testInfo.outputPath('broken.json');
  writeFileSync(broken, '{ "name": "half a keyboard"');
  await page.getByLabel('Load definitions').setInputFiles([V3_SIXTY, broken]);
  await expect(page.getByRole('alert')).toContainText('broken.json: not valid JSON');
  await expect(page.getByText('No v3 drafts yet.', { exact: false })).toBeVisible();

  await page.getByRole('tab', { name: 'v2 definitions' }).click();
  await page.getByLabel('Load definitions').setInputFiles([V3_1337]);
  await expect(page.getByRole('alert')).toContainText('0xcb__1337__1337.json: invalid v2 definition');
});

test('the warning: dismissed for the session it stays away after a reload', async ({ page }) => {
  await openDesign(page);
  await page.getByRole('button', { name: "Don't show again this session" }).click();
  await expect(page.getByRole('alertdialog')).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Design');
  await expect(page.getByRole('alertdialog')).toHaveCount(0);
});
