/**
 * Shared settings of the fuzz suite: every property runs `FUZZ_RUNS` generated inputs (10,000 by default) from
 * the fixed seed `FUZZ_SEED`, so `npm test` is repeatable; `npm run fuzz -- --runs N --seed S` changes both.
 */
import type { Parameters } from 'fast-check';

export const FUZZ_RUNS = Number(process.env.FUZZ_RUNS ?? 10_000);
export const FUZZ_SEED = Number(process.env.FUZZ_SEED ?? 0x6b6c);

/** fast-check parameters for one property; failures print the seed and path to replay them. */
export function fuzzParameters<T>(): Parameters<T> {
  return { numRuns: FUZZ_RUNS, seed: FUZZ_SEED, endOnFailure: true };
}

/**
 * Parameters for properties over large inputs (megabytes, 150,000 copies, 150,000 levels deep): each input costs
 * what hundreds of small ones do, so they run 1/200 as many (50 by default), from the same seed.
 */
export function sizeFuzzParameters<T>(): Parameters<T> {
  return { ...fuzzParameters<T>(), numRuns: Math.max(20, Math.round(FUZZ_RUNS / 200)) };
}

/** Vitest's per-test limit for a property of `FUZZ_RUNS` inputs, scaled from the default run count. */
export const FUZZ_TIMEOUT_MS = Math.max(60_000, (FUZZ_RUNS / 10_000) * 60_000);

/** An error a decoder is allowed to throw at its boundary: its own message, not a crash inside it. */
export function isCrash(error: unknown): boolean {
  return (
    !(error instanceof Error) ||
    error instanceof TypeError ||
    error instanceof RangeError ||
    error instanceof ReferenceError ||
    error instanceof SyntaxError
  );
}

/** Copies a JSON value (the fixtures are shared between runs). */
export const clone = <T>(value: T): T => structuredClone(value);
