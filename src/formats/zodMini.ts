/**
 * zod's functional "mini" build, for what the first screen reads (settings, stored values, vendor config
 * entries): the same validation as classic zod for ≈ 7 kB gz instead of ≈ 25 kB, because only the checks a
 * schema uses are bundled (docs/performance.md). File formats read later keep classic zod (`./zod.ts`).
 * Like `./zod.ts`, it turns zod's eval probe off before any schema exists (CSP without 'unsafe-eval').
 */
import * as z from 'zod/mini';

z.config({ jitless: true });

export { z };
