/**
 * Screenshots pages of a running Keyloom (default the preview server) for a human to look at:
 * `npx tsx scripts/screenshot.ts http://127.0.0.1:4173/ '#/settings' out.png [width height]`.
 */
import { chromium } from 'playwright-core';
import { chromiumLaunchOptions } from './chromium.ts';

const [base = 'http://127.0.0.1:4173/', hash = '#/', out = 'screenshot.png', width = '1280', height = '800'] =
  process.argv.slice(2);
const browser = await chromium.launch(chromiumLaunchOptions);
const page = await browser.newPage({ viewport: { width: Number(width), height: Number(height) } });
await page.goto(base + hash);
await page.waitForTimeout(Number(process.env.WAIT_MS ?? 2500));
await page.screenshot({ path: out });
await browser.close();
console.log(out);
