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
  // Every text the status shows, as the page shows it: a short step (the read-back) can come and go between two
  // polls on a busy machine, so the page records them.
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { statusSeen: string[] }).statusSeen = seen;
    new MutationObserver(() => {
      const text = document.querySelector('[data-testid="job-progress"] [role="status"]')?.textContent ?? '';
      if (text && seen.at(-1) !== text) seen.push(text);
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
  await page.getByRole('button', { name: 'Apply' }).click();

  const progress = page.getByTestId('job-progress');
  await expect(progress.getByRole('status')).toHaveText('Loading the layout: writing…');
  const bar = progress.getByRole('progressbar', { name: 'writing…' });
  await expect(bar).toHaveAttribute('max', /^\d+$/);
  expect(Number(await bar.getAttribute('max'))).toBeGreaterThan(1);
  await expect(page.getByText('Layout loaded onto the keyboard.')).toBeVisible();
  // After the writes are worked out: writing, then the read-back, then nothing more.
  const seen = await page.evaluate(() => (window as unknown as { statusSeen: string[] }).statusSeen);
  expect(seen.slice(seen.indexOf('Loading the layout: writing…'))).toEqual([
    'Loading the layout: writing…',
    'Loading the layout: reading back what was written…',
  ]);
  await expect(progress.getByRole('status')).toHaveText('');
  await expect(progress.getByRole('progressbar')).toHaveCount(0);
  expect(await eepromKey(page, 1, 0, 0)).toBe(0x05);
});
