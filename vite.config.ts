import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

// Vitest 5's reporter calls Map.groupBy, which Node 20 lacks; without this a failing run crashes its own report.
if (!('groupBy' in Map)) {
  Object.defineProperty(Map, 'groupBy', {
    value<K, V>(items: Iterable<V>, key: (item: V, index: number) => K): Map<K, V[]> {
      const groups = new Map<K, V[]>();
      let i = 0;
      for (const item of items) {
        const k = key(item, i++);
        groups.set(k, [...(groups.get(k) ?? []), item]);
      }
      return groups;
    },
  });
}

// Relative base so the built app can be hosted from any folder (static hosting, file shares).
export default defineConfig({
  base: './',
  plugins: [react()],
  build: {
    target: 'es2022',
    sourcemap: true,
  },
  test: {
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'scripts/**/*.test.ts'],
    environment: 'node',
    // The VIA reader's schema compiler prints notes about its own schemas at import time; they are noise here.
    onConsoleLog: (log) => !/strict mode: "items"|DEPRECATED: option unicode/.test(log),
  },
});
