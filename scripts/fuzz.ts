/**
 * `npm run fuzz -- --runs N --seed S`: the fuzz suite (tests/fuzz) with more inputs or another seed than the
 * 10,000 at a fixed seed that `npm test` runs (every decoder of files, links and device replies, ZMK frames and
 * RPC replies included: tests/fuzz/zmk.fuzz.test.ts; Keychron replies and layout-file sections:
 * tests/fuzz/keychron.fuzz.test.ts). A failure prints fast-check's seed and path to replay it.
 */
import { spawnSync } from 'node:child_process';
import { parseArgs } from 'node:util';

const { values } = parseArgs({
  options: { runs: { type: 'string' }, seed: { type: 'string' } },
  allowPositionals: false,
});
const env = { ...process.env };
if (values.runs !== undefined) {
  if (!/^\d+$/.test(values.runs)) throw new Error(`--runs takes a whole number, not '${values.runs}'`);
  env.FUZZ_RUNS = values.runs;
}
if (values.seed !== undefined) {
  if (!/^-?\d+$/.test(values.seed)) throw new Error(`--seed takes a whole number, not '${values.seed}'`);
  env.FUZZ_SEED = values.seed;
}
console.log(
  `fuzz: ${env.FUZZ_RUNS ?? '10000'} inputs per decoder, seed ${env.FUZZ_SEED ?? '27500 (0x6b6c)'}`,
);
const result = spawnSync('npx', ['vitest', 'run', 'tests/fuzz'], { env, stdio: 'inherit' });
process.exit(result.status ?? 1);
