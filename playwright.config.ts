import { execFileSync } from 'node:child_process';
import { defineConfig } from '@playwright/test';
import {
  CHROMIUM_HEADLESS_PATH,
  CHROMIUM_PATH,
  chromiumLaunchOptions,
  headlessLaunchOptions,
} from './scripts/chromium.ts';

// E2E runs against the built app (vite preview) in Debian's Chromium; browser downloads are not possible here.
// Several developers may run e2e at once on one machine: each can pick its own build folder and port.
const outDir = process.env.KEYLOOM_OUT ?? 'dist';
// Without E2E_PORT, a free port the system picks; written back so the test workers use the same one.
process.env.E2E_PORT ??= freePort();
const port = Number(process.env.E2E_PORT);

function freePort(): string {
  const script =
    "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})";
  return execFileSync(process.execPath, ['-e', script], { encoding: 'utf8' }).trim();
}

export default defineConfig({
  testDir: 'e2e',
  outputDir: 'test-results',
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  // Ceilings, not waits: every wait ends when what it waits for happens (an element, a state on the virtual
  // keyboard). On a busy 2-core machine one virtual keyboard's first load can take over 10 s, so the ceilings
  // are set for a machine many times slower than an idle one; a real failure just takes longer to report.
  timeout: 180_000,
  expect: { timeout: 45_000 },
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}/`,
    // The app's service worker would answer requests that tests intercept with page.route (Playwright does not
    // route a worker's own fetches): only e2e/offline.spec.ts allows it, on its own server.
    serviceWorkers: 'block',
    // Recording a trace slows every test by about 40% on a 2-core machine: CI records one only when a test is
    // retried after a failure (locally: `npx playwright test --trace=on`).
    trace: 'on-first-retry',
  },
  // Every spec in the headless shell (half the CPU per page); the specs about the browser itself also in the full
  // browser users run — its offline detection, framing and Content-Security-Policy handling, the shell. Without the
  // headless shell installed, everything runs once, in the browser.
  projects: [
    { name: 'chromium', use: { launchOptions: headlessLaunchOptions } },
    ...(CHROMIUM_HEADLESS_PATH === CHROMIUM_PATH
      ? []
      : [
          {
            name: 'chromium-browser',
            testMatch: /\/(shell|offline|framing|csp)\.spec\.ts$/,
            use: { launchOptions: chromiumLaunchOptions },
          },
        ]),
  ],
  // Playwright starts the server in its own process group and stops the whole group at the end.
  webServer: {
    command: `npx vite preview --host 127.0.0.1 --port ${port} --strictPort --outDir ${outDir}`,
    url: `http://127.0.0.1:${port}/`,
    reuseExistingServer: !process.env.CI,
    timeout: 60_000,
  },
});
