/**
 * The repository stands alone: a clone with nothing beside it must pass its tests. This fails when any file
 * outside docs/ refers to a sibling `shared` folder, and when the fixtures the tests rely on are missing.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { QMK_KEYCODES_DIR, VIA_DEFINITIONS_DIR, VIA_LAYOUTS_DIR } from './fixtures/paths.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const SKIPPED_DIRS = new Set([
  '.git',
  'node_modules',
  'dist',
  'docs',
  'test-results',
  'playwright-report',
  'bench-results',
  'public',
]);
const TEXT_FILE = /\.(ts|tsx|js|mjs|cjs|json|sh|yml|yaml|html|css)$|^run$/;

function* textFiles(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.isDirectory()) {
      if (!SKIPPED_DIRS.has(entry.name) && !entry.name.startsWith('dist-'))
        yield* textFiles(path.join(dir, entry.name));
    } else if (TEXT_FILE.test(entry.name)) {
      yield path.join(dir, entry.name);
    }
  }
}

describe('the repository stands alone', () => {
  it('no file outside docs/ reads a sibling shared/ folder', () => {
    const pattern = new RegExp(['\\.\\.', 'shared'].join('/') + '|' + ['shared', 'reference'].join('/'));
    const offenders = [...textFiles(ROOT)].filter(
      (file) => file !== import.meta.filename && pattern.test(readFileSync(file, 'utf8')),
    );
    expect(offenders.map((f) => path.relative(ROOT, f))).toEqual([]);
  });

  it('holds the fixtures the tests use', () => {
    const definitions = ['v2', 'v3'].flatMap((v) => readdirSync(path.join(VIA_DEFINITIONS_DIR, v)));
    expect(definitions).toHaveLength(207);
    expect(
      readdirSync(VIA_LAYOUTS_DIR).filter((f) => !f.endsWith('.definition.json') && f !== 'README.md'),
    ).toHaveLength(18);
    expect(readdirSync(QMK_KEYCODES_DIR).filter((f) => f.endsWith('.hjson')).length).toBeGreaterThan(30);
  });
});
