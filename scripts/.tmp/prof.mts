import { chromium } from 'playwright-core';
import { readFileSync } from 'node:fs';
import { SourceMapConsumer } from 'source-map-js';
import { chromiumLaunchOptions } from '../chromium.ts';
import { serveStatic } from '../serveStatic.ts';
const server = await serveStatic('dist');
const browser = await chromium.launch(chromiumLaunchOptions);
const WATCH = `(function watch(){const k=document.querySelector('[data-testid="keyboard-area"]:not([hidden]) [data-testid="keyboard-canvas"] [role="button"]');if(k)window.__k=performance.now();else requestAnimationFrame(watch)})()`;
const maps = new Map<string, SourceMapConsumer>();
const consumer = (url: string) => {
  const file = url.replace(server.url, '');
  if (!maps.has(file)) { try { maps.set(file, new SourceMapConsumer(JSON.parse(readFileSync('dist/' + file + '.map', 'utf8')))); } catch { maps.set(file, null as any); } }
  return maps.get(file);
};
const runs = Number(process.argv[2] ?? 3);
const bySrc = new Map<string, number>();
for (let r = 0; r < runs; r++) {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
  await cdp.send('Profiler.start');
  await page.addInitScript(WATCH);
  await page.goto(server.url);
  await page.waitForFunction(() => (window as any).__k !== undefined);
  const k = await page.evaluate(() => [(window as any).__k, performance.getEntriesByName('first-contentful-paint')[0]?.startTime, performance.getEntriesByType('navigation')[0]?.toJSON()]);
  const { profile } = await cdp.send('Profiler.stop');
  if (r === 0) console.log('nav', JSON.stringify(k[2]).slice(0, 0));
  console.log('keymap', Math.round(k[0]), 'fcp', Math.round(k[1]));
  // self time until keymap, by source file
  const dt = new Map<number, number>();
  let t = profile.startTime; const end = t + 1e9;
  profile.samples!.forEach((id, i) => { t += profile.timeDeltas![i] ?? 0; dt.set(id, (dt.get(id) ?? 0) + (profile.timeDeltas![i] ?? 0)); });
  for (const n of profile.nodes) {
    const ms = (dt.get(n.id) ?? 0) / 1000 / runs;
    const f = n.callFrame;
    let key = f.functionName || '(anon)';
    if (f.url.startsWith(server.url)) {
      const c = consumer(f.url);
      const pos = c?.originalPositionFor({ line: f.lineNumber + 1, column: f.columnNumber });
      key = (pos?.source ?? f.url).replace(/.*node_modules\//, 'nm:').replace('../../src/', '');
      if (key.startsWith('nm:')) key = key.replace(/^(nm:(@[^/]+\/)?[^/]+).*/, '$1');
    } else if (f.url) key = 'other:' + f.url.slice(0, 40);
    bySrc.set(key, (bySrc.get(key) ?? 0) + ms);
  }
  await context.close();
}
for (const [kk, v] of [...bySrc].sort((a, b) => b[1] - a[1]).slice(0, 40)) console.log(v.toFixed(1).padStart(8), kk);
await browser.close(); await server.close();
