/**
 * Benchmark runner: `npm run bench` prints each figure beside its limit or baseline; `npm run bench -- --json`
 * prints one JSON object per line ({name, value, unit, limit?, baseline?}). Benchmarks assert nothing.
 * Every `bench/*.bench.ts` exports `run(report)`; pass names as arguments to run only some.
 */
import { readdirSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import path from 'node:path';

export interface BenchFigure {
  name: string;
  value: number;
  unit: string;
  /** Target the figure should stay within (same unit). */
  limit?: number;
  /** Reference figure to compare against (same unit), e.g. the minimum possible or another app's approach. */
  baseline?: number;
  note?: string;
}

export type Report = (figure: BenchFigure) => void;

const here = path.dirname(fileURLToPath(import.meta.url));
const args = process.argv.slice(2);
const json = args.includes('--json');
const only = args.filter((a) => !a.startsWith('--'));

function format(f: BenchFigure): string {
  const value = Number.isInteger(f.value) ? String(f.value) : f.value.toFixed(2);
  const extra = [
    f.limit !== undefined ? `limit ${f.limit} ${f.unit}` : '',
    f.baseline !== undefined ? `baseline ${f.baseline} ${f.unit}` : '',
    f.note ?? '',
  ].filter(Boolean);
  return `${f.name.padEnd(64)} ${value.padStart(12)} ${f.unit}${extra.length ? `   (${extra.join('; ')})` : ''}`;
}

const report: Report = (f) => {
  console.log(json ? JSON.stringify(f) : format(f));
};

const files = readdirSync(here)
  .filter((f) => f.endsWith('.bench.ts'))
  .filter((f) => only.length === 0 || only.some((o) => f.includes(o)))
  .sort();

for (const file of files) {
  if (!json) console.log(`\n# ${file}`);
  const mod = (await import(pathToFileURL(path.join(here, file)).href)) as {
    run: (r: Report) => Promise<void> | void;
  };
  await mod.run(report);
}
