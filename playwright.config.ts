import { defineConfig } from '@playwright/test';

// E2E runs against the built app (vite preview) in Debian's Chromium; browser downloads are not possible here.
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
// Several developers may run e2e at once on one machine: each can pick its own build folder and port.
const outDir = process.env.KEYLOOM_OUT ?? 'dist';
const port = Number(process.env.E2E_PORT ?? 4173);

export default defineConfig({
  testDir: 'e2e',
  outputDir: 'test-results',
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  // A loaded CI machine can take a few seconds to plug in and load the first virtual keyboard.
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}/`,
    // The app's service worker would answer requests that tests intercept with page.route (Playwright does not
    // route a worker's own fetches): only e2e/offline.spec.ts allows it, on its own server.
    serviceWorkers: 'block',
    launchOptions: {
      executablePath: chromiumPath,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
    trace: 'retain-on-failure',
  },
  webServer: {
    command: `npx vite preview --host 127.0.0.1 --port ${port} --strictPort --outDir ${outDir}`,
    url: `http://127.0.0.1:${port}/`,
    reuseExistingServer: !process.env.CI,
    timeout: 60_000,
  },
});
