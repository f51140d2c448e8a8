import { spawnSync } from 'node:child_process';
import { mkdtempSync, mkdirSync, readdirSync, readFileSync, writeFileSync, copyFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { VIA_DEFINITIONS_DIR } from '../../tests/fixtures/paths.ts';
import { readIndexIds } from '../definitions/buildIndex.ts';
import { HOSTILE_DEFINITIONS } from '../../tests/support/hostileDefinitions.ts';

const bin = path.resolve(import.meta.dirname, '../../bin/keyloom.mjs');
const REFERENCE = VIA_DEFINITIONS_DIR;
const DEMO = path.resolve(import.meta.dirname, '../../keyboards/demo');
const keyloom = (args: string[], env: Record<string, string> = {}) =>
  spawnSync(process.execPath, [bin, 'definitions', ...args], {
    encoding: 'utf8',
    timeout: 120_000,
    env: { ...process.env, KEYLOOM_KEYBOARDS: '', ...env },
  });

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

  it("validate refuses the audit's hostile files, each with the limit it breaks (issue 33)", () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'kl-defs-'));
    // `validate` reads the keyboards repository's source form; VIA-form files are refused by the schema there.
    const files = HOSTILE_DEFINITIONS.filter((h) => h.name.includes('source')).map((h, i) => {
      const file = path.join(dir, `hostile-${i}.json`);
      writeFileSync(file, h.text);
      return file;
    });
    const r = keyloom(['validate', ...files]);
    expect(r.status).toBe(1);
    const lines = r.stdout.trim().split('\n');
    expect(lines).toHaveLength(files.length);
    for (const line of lines) expect(line).toMatch(/(at most|0 to) [\d,]+( levels| characters)?\.$/);
    expect(lines[0]).toBe(
      `${files[0]}: This definition has 8,000 keys in one row (layouts.keymap.0); Keyloom reads at most 256.`,
    );
  });

  it('validates every reference definition in one call', () => {
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
  });

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
    expect(readIndexIds(index)).toEqual({ v2: [1263271937], v3: [1263271938] });
    expect(index.idEncoding).toBe('delta36');
    expect(index.version).toBe('2.0.0');
    expect(JSON.parse(readFileSync(path.join(out, 'hash.json'), 'utf8'))).toBe(index.hash);
    expect(JSON.parse(readFileSync(path.join(out, '..', 'tabkb', 'configs.json'), 'utf8'))).toEqual([
      { vendorId: 1, productId: 2 },
    ]);
    const served = JSON.parse(readFileSync(path.join(out, 'v3', '1263271938.json'), 'utf8'));
    expect(served.layouts.keys.length).toBeGreaterThan(80);
  });

  it('builds the 207 reference definitions, showing progress (done/total) and each failure with its file and reason', () => {
    const out = path.join(mkdtempSync(path.join(tmpdir(), 'kl-out-')), 'definitions');
    const r = keyloom(['build', REFERENCE, '--out', out]);
    expect(r.status).toBe(0);
    const lines = r.stderr.trim().split('\n');
    // Not a terminal: one line per tenth of the way, ending at 207/207.
    expect(lines[0]).toMatch(/^\[ {0,2}\d+\/207\] \d+% compiled, 0 failed$/);
    expect(lines.at(-1)).toBe('[207/207] 100% compiled, 0 failed');
    expect(lines.length).toBeGreaterThanOrEqual(10);
    expect(lines.length).toBeLessThanOrEqual(12);
    expect(r.stdout).toBe(`Built 207 definitions into ${out} (0 failed)\n`);
    expect(readdirSync(path.join(out, 'v2'))).toHaveLength(50);
    expect(readdirSync(path.join(out, 'v3'))).toHaveLength(157);
    const index = JSON.parse(readFileSync(path.join(out, 'supported_kbs.json'), 'utf8'));
    const ids = readIndexIds(index)!;
    expect(ids.v2.length + ids.v3.length).toBe(207);

    // Failures show as they happen; a folder from KEYLOOM_KEYBOARDS is added, and a rebuild drops stale files.
    const extra = mkdtempSync(path.join(tmpdir(), 'kl-extra-'));
    writeFileSync(path.join(extra, 'broken.json'), '{ nope');
    const again = keyloom(['build', DEMO, '--out', out], { KEYLOOM_KEYBOARDS: extra });
    expect(again.status).toBe(1);
    expect(again.stderr).toContain(`FAILED ${path.join(extra, 'broken.json')}: not valid JSON`);
    expect(again.stderr.trim().split('\n').at(-1)).toBe('[5/5] 100% compiled, 1 failed');
    expect(readdirSync(path.join(out, 'v3')).sort()).toEqual([
      '1263271938.json',
      '1263271939.json',
      '1263271940.json',
    ]);
  });

  it('treats a VIA keyboards checkout as its v3/ and src/ folders', () => {
    const checkout = mkdtempSync(path.join(tmpdir(), 'kl-via-'));
    for (const dir of ['v3', 'src', 'scripts']) mkdirSync(path.join(checkout, dir));
    copyFileSync(path.join(DEMO, 'aurora75.json'), path.join(checkout, 'v3', 'a.json'));
    copyFileSync(path.join(DEMO, 'lumen65.json'), path.join(checkout, 'src', 'b.json'));
    writeFileSync(path.join(checkout, 'package.json'), '{"name":"via-keyboards"}');
    writeFileSync(path.join(checkout, 'scripts', 'x.json'), '{}');
    const out = path.join(mkdtempSync(path.join(tmpdir(), 'kl-out-')), 'definitions');
    const r = keyloom(['build', checkout, '--out', out]);
    expect(r.stderr.trim().split('\n').at(-1)).toBe('[2/2] 100% compiled, 0 failed');
    expect(r.status).toBe(0);
  });
});
