import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

// The committed TypeScript must be exactly what `npm run generate:zmk` makes from the vendored .proto files:
// regenerate into a scratch folder with the same buf and protoc-gen-es from node_modules, and compare.
const root = path.join(import.meta.dirname, '..', '..');
const committed = path.join(root, 'src', 'zmk-studio', 'generated');
const scratch = mkdtempSync(path.join(tmpdir(), 'keyloom-zmk-gen-'));

afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('generated ZMK Studio messages', () => {
  it('match the vendored .proto files', () => {
    const bin = path.join(root, 'node_modules', '.bin');
    execFileSync(
      path.join(bin, 'buf'),
      [
        'generate',
        'src/zmk-studio/proto',
        '--template',
        'src/zmk-studio/proto/buf.gen.yaml',
        '--output',
        scratch,
      ],
      { cwd: root, env: { ...process.env, PATH: `${bin}${path.delimiter}${process.env.PATH ?? ''}` } },
    );
    const fresh = path.join(scratch, 'src', 'zmk-studio', 'generated');
    const names = readdirSync(committed).sort();
    expect(readdirSync(fresh).sort()).toEqual(names);
    for (const name of names)
      expect(readFileSync(path.join(fresh, name), 'utf8'), name).toBe(
        readFileSync(path.join(committed, name), 'utf8'),
      );
  });
});
