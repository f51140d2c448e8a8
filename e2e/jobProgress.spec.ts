import { test, expect } from '@playwright/test';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eepromKey, setLatency } from './helpers.ts';

// Issue 32.1: a layout load is one command below the UI; Save + Load dispatches it and shows how far it is.

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => {
    localStorage.setItem('keyloom-virtual-keyboards', '[]');
    delete (window as unknown as Record<string, unknown>).showSaveFilePicker;
  });
});

test('a layout load shows its steps and the blocks written, then nothing once done', async ({ page }) => {
  await page.goto('/?virtual=aurora75#/');
  await expect(page.getByTestId('keyboard-canvas')).toBeVisible();
  await page.getByRole('button', { name: 'Save + Load' }).click();
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  const file = JSON.parse(await readFile((await (await download).path())!, 'utf8')) as { layers: string[][] };
  // Every key of layer 1 changes: many keymap blocks to write.
  file.layers[1] = file.layers[1]!.map(() => 'KC_B');
  const saved = path.join(await mkdtemp(path.join(tmpdir(), 'kl-job-')), 'keyloom_aurora_75.layout.json');
  await writeFile(saved, JSON.stringify(file));
  await page.getByLabel('Load Saved Layout').setInputFiles(saved);
  // Slow replies, so the steps can be seen.
  await setLatency(page, 40);
  await page.getByRole('button', { name: 'Apply' }).click();

  const progress = page.getByTestId('job-progress');
  await expect(progress.getByRole('status')).toHaveText('Loading the layout: writing…');
  const bar = progress.getByRole('progressbar', { name: 'writing…' });
  await expect(bar).toHaveAttribute('max', /^\d+$/);
  expect(Number(await bar.getAttribute('max'))).toBeGreaterThan(1);
  await expect(progress.getByRole('status')).toHaveText('Loading the layout: reading back what was written…');
  await expect(page.getByText('Layout loaded onto the keyboard.')).toBeVisible();
  await expect(progress.getByRole('status')).toHaveText('');
  await expect(progress.getByRole('progressbar')).toHaveCount(0);
  expect(await eepromKey(page, 1, 0, 0)).toBe(0x05);
});
