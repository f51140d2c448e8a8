import { chromium } from 'playwright-core';
import { chromiumLaunchOptions } from '../chromium.ts';
import { serveStatic } from '../serveStatic.ts';
const server = await serveStatic('dist');
const browser = await chromium.launch(chromiumLaunchOptions);
for (let i = 0; i < 3; i++) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(server.url + 'favicon.svg');
  const t = await page.evaluate(async () => {
    const out: number[] = [];
    for (let j = 0; j < 3; j++) { const t0 = performance.now(); await (navigator as any).hid.getDevices(); out.push(Math.round(performance.now() - t0)); }
    return out;
  });
  console.log('getDevices ms', t);
  await context.close();
}
await browser.close(); await server.close();
