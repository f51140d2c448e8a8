import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { test, expect } from '@playwright/test';
import { checkAccessibility, serveAxe } from './axe.ts';
import { withoutRememberedKeyboards } from './helpers.ts';
import { formatBytes } from '../src/formats/size.ts';

// Issue 32.4: Settings → About names the build's version, licence and source, and lists every npm package the
// build ships with its licence — read from the build's own licences.json, which the build writes from what it
// bundled (scripts/licencesPlugin.ts), so nothing is listed by hand.

const build = path.resolve(import.meta.dirname, '..', process.env.KEYLOOM_OUT ?? 'dist');
const pkg = JSON.parse(readFileSync(path.resolve(import.meta.dirname, '..', 'package.json'), 'utf8')) as {
  version: string;
};
const shipped = JSON.parse(readFileSync(path.join(build, 'licences.json'), 'utf8')) as {
  packages: { name: string; version: string; licence: string }[];
};

test.beforeEach(async ({ page }) => {
  await withoutRememberedKeyboards(page);
  await serveAxe(page);
});

test('About lists the version, GPL-3.0-or-later, the source and the licence of every package the build ships', async ({
  page,
}) => {
  await page.goto('/#/settings');
  const about = page.getByRole('region', { name: 'About Keyloom' });
  await expect(about.getByTestId('about-version')).toHaveText(pkg.version);
  await expect(about.getByRole('definition').filter({ hasText: 'GPL-3.0-or-later' })).toBeVisible();

  // Issue 42.5: the source of this very build, written beside the page by the build, with its size.
  const archive = readdirSync(build).find((name) => /^keyloom-source-.*\.zip$/.test(name))!;
  expect(archive).toBeTruthy();
  const source = about.getByRole('link', { name: 'Source code of this build' });
  await expect(source).toHaveAttribute('href', new RegExp(`/${archive.replace(/\./g, '\\.')}$`));
  const bytes = statSync(path.join(build, archive)).size;
  await expect(about.getByTestId('about-source-facts')).toContainText(formatBytes(bytes));
  const download = page.waitForEvent('download');
  await source.click();
  expect((await download).suggestedFilename()).toBe(archive);
  // The zip itself, as the build wrote it (no server encoding in between), and no made-up address anywhere.
  const served = await page.request.get((await source.getAttribute('href'))!);
  const body = await served.body();
  expect(body.length).toBe(bytes);
  expect(body.equals(readFileSync(path.join(build, archive)))).toBe(true);
  expect(body.subarray(0, 4).toString('latin1')).toBe('PK\x03\x04');
  expect(pkg).not.toHaveProperty('repository');
  // The offline cache plans every other file of the build, never the archive.
  const worker = readFileSync(path.join(build, 'sw.js'), 'utf8');
  expect(worker).toContain('licences.json');
  expect(worker).not.toContain(archive);

  const list = about.getByRole('list', { name: /^Open-source packages in this build: \d+$/ });
  const rows = list.getByRole('listitem');
  // What the app uses, on the page and in its workers: React (MIT), the VIA reader (GPL-3.0), ffmpeg's core.
  const row = (name: string) => rows.filter({ has: page.getByText(name, { exact: true }) });
  await expect(row('react')).toContainText('MIT');
  await expect(row('@the-via/reader')).toContainText('GPL-3.0');
  await expect(row('@ffmpeg/core')).toContainText('GPL-2.0-or-later');
  // Build tools are not credited, except for the code they write into the build.
  await expect(row('typescript')).toHaveCount(0);
  await expect(row('vite')).toContainText('MIT');
  await expect(rows).toHaveCount(shipped.packages.length);
  for (const p of shipped.packages)
    await expect(row(p.name).filter({ hasText: p.version })).toContainText(p.licence);

  // A package's licence text opens from the keyboard, and says what it is.
  const text = row('react').locator('pre');
  await expect(text).toHaveCount(0);
  await row('react').getByText('Licence text').focus();
  await page.keyboard.press('Enter');
  await expect(text).toContainText('Permission is hereby granted, free of charge');
  await expect(text).toHaveAccessibleName(/^Licence text of react \d/);
  // The app's own licence text is the GPL's.
  await about
    .getByRole('definition')
    .filter({ hasText: 'GPL-3.0-or-later' })
    .getByText('Licence text')
    .click();
  await expect(about.locator('dd pre')).toContainText('GNU GENERAL PUBLIC LICENSE');
  await checkAccessibility(page, 'Settings → About', '.about');
});

test('About says when the credits cannot be read, and reads them on Try again', async ({ page }) => {
  let refuse = true;
  await page.route('**/licences.json', (route) =>
    refuse ? route.fulfill({ status: 503, body: 'down' }) : route.fallback(),
  );
  await page.goto('/#/settings');
  const about = page.getByRole('region', { name: 'About Keyloom' });
  await expect(about.getByRole('alert')).toHaveText(/The credits of this build could not be read \(.*503\)/);
  refuse = false;
  await about.getByRole('button', { name: 'Try again' }).click();
  await expect(about.getByTestId('about-version')).toHaveText(pkg.version);
});
