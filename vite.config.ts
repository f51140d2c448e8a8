import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { offlinePlugin } from './scripts/offlinePlugin.ts';

// Relative base so the built app can be hosted from any folder (static hosting, file shares).
export default defineConfig({
  base: './',
  plugins: [react(), offlinePlugin()],
  // The app's own translator (src/i18n) answers to react-i18next's name: components keep their import, and the
  // first screen does without i18next's ≈ 18 kB gz (docs/performance.md).
  resolve: {
    alias: { 'react-i18next': fileURLToPath(new URL('./src/i18n/useTranslation.ts', import.meta.url)) },
  },
  build: {
    target: 'es2022',
    sourcemap: true,
  },
  test: {
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'scripts/**/*.test.ts', 'tests/**/*.test.ts'],
    environment: 'node',
    // Some tests spawn the CLI or compile hundreds of definitions; a loaded machine must not turn them into failures.
    testTimeout: 30_000,
    // The VIA reader's schema compiler prints notes about its own schemas at import time; they are noise here.
    onConsoleLog: (log) => !/strict mode: "items"|DEPRECATED: option unicode/.test(log),
  },
});
