import { spawnSync } from 'node:child_process';
import { mkdtempSync, mkdirSync, readdirSync, readFileSync, writeFileSync, copyFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { VIA_DEFINITIONS_DIR } from '../../tests/fixtures/paths.ts';

const bin = path.resolve(import.meta.dirname, '../../bin/keyloom.mjs');
const REFERENCE = VIA_DEFINITIONS_DIR;
const DEMO = path.resolve(import.meta.dirname, '../../keyboards/demo');
const keyloom = (args: string[]) =>
  spawnSync(process.execPath, [bin, 'definitions', ...args], { encoding: 'utf8', timeout: 120_000 });

// Each test spawns the CLI, which compiles definitions; a busy machine needs more than Vitest's default 5 s.
describe('keyloom definitions', { timeout: 120_000 }, () => {
  it('validate prints one line per file and exits non-zero when any fails', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'kl-defs-'));
    writeFileSync(path.join(dir, 'broken.json'), '{ not json');
    writeFileSync(
      path.join(dir, 'nokeys.json'),
      JSON.stringify({ name: 'x', vendorId: '0x1', productId: '0x2', matrix: { rows: 1, cols: 1 } }),
    );
    const r = keyloom([
      'validate',
      path.join(DEMO, 'aurora75.json'),
      path.join(dir, 'broken.json'),
      path.join(dir, 'nokeys.json'),
    ]);
    expect(r.status).toBe(1);
    const lines = r.stdout.trim().split('\n');
    expect(lines[0]).toBe(`${path.join(DEMO, 'aurora75.json')}: OK`);
    expect(lines[1]).toMatch(/broken\.json: not valid JSON/);
    expect(lines[2]).toMatch(/nokeys\.json: not a keyboard definition/);
  });

  it(
    'validates every reference definition in one call',
    () => {
      const files = ['v2', 'v3'].flatMap((v) =>
        readdirSync(path.join(REFERENCE, v)).map((f) => path.join(REFERENCE, v, f)),
      );
      const r = keyloom(['validate', ...files]);
      expect(
        r.stdout
          .trim()
          .split('\n')
          .filter((l) => !l.endsWith(': OK') && !/: warning: /.test(l)),
      ).toEqual([]);
      expect(r.status).toBe(0);
    },
  );

  it('validate warns about a maker mistake without failing the file', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'kl-defs-'));
    const file = path.join(dir, 'twins.json');
    writeFileSync(
      file,
      JSON.stringify({
        name: 'Twins',
        vendorId: '0x1234',
        productId: '0x0001',
        matrix: { rows: 1, cols: 3 },
        layouts: { keymap: [['0,0', '0,1', '0,1']] },
        menus: [],
        keycodes: [],
      }),
    );
    const r = keyloom(['validate', file]);
    expect(r.status).toBe(0);
    expect(r.stdout.trim().split('\n')).toEqual([
      `${file}: OK`,
      `${file}: warning: 2 keys share matrix position 0,1 in the default layout: they always send the same keycode`,
    ]);
  });

  it('validate --version forces the format', () => {
    const r = keyloom(['validate', '--version', 'v2', path.join(DEMO, 'aurora75.json')]);
    expect(r.status).toBe(1);
    expect(r.stdout).toMatch(/invalid v2 definition/);
  });

  it('build compiles good files, reports bad ones, and writes the index, hash and tabkb files', () => {
    const src = mkdtempSync(path.join(tmpdir(), 'kl-src-'));
    const out = path.join(mkdtempSync(path.join(tmpdir(), 'kl-out-')), 'definitions');
    copyFileSync(path.join(DEMO, 'aurora75.json'), path.join(src, 'a.json'));
    copyFileSync(path.join(DEMO, 'lumen65.json'), path.join(src, 'b.json'));
    writeFileSync(path.join(src, 'bad.json'), '[]');
    mkdirSync(path.join(src, 'tabkb'));
    writeFileSync(
      path.join(src, 'tabkb', 'configs.json'),
      JSON.stringify([{ vendorId: 1, productId: 2 }, { vendorId: 3 }]),
    );
    const r = keyloom(['build', src, '--out', out]);
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/bad\.json: not a keyboard definition/);
    expect(readdirSync(path.join(out, 'v3'))).toEqual(['1263271938.json']);
    expect(readdirSync(path.join(out, 'v2'))).toEqual(['1263271937.json']);
    const index = JSON.parse(readFileSync(path.join(out, 'supported_kbs.json'), 'utf8'));
    expect(index.vendorProductIds).toEqual({ v2: [1263271937], v3: [1263271938] });
    expect(index.version).toBe('2.0.0');
    expect(JSON.parse(readFileSync(path.join(out, 'hash.json'), 'utf8'))).toBe(index.hash);
    expect(JSON.parse(readFileSync(path.join(out, '..', 'tabkb', 'configs.json'), 'utf8'))).toEqual([
      { vendorId: 1, productId: 2 },
    ]);
    const served = JSON.parse(readFileSync(path.join(out, 'v3', '1263271938.json'), 'utf8'));
    expect(served.layouts.keys.length).toBeGreaterThan(80);
  });
});
