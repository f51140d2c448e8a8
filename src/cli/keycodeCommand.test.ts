import { execFileSync, spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const bin = path.resolve(import.meta.dirname, '../../bin/keyloom.mjs');
const keyloom = (args: string[], input?: string) =>
  spawnSync(process.execPath, [bin, 'keycode', ...args], { encoding: 'utf8', input, timeout: 60_000 });

describe('keyloom keycode (spawned)', () => {
  it('converts names and expressions to canonical name + hex, one line per input, in order', () => {
    const r = keyloom(['LT(2,KC_SPC)', '0x0106', 'kc_a']);
    expect(r.status).toBe(0);
    expect(r.stdout).toBe('LT(2,KC_SPC)\t0x422C\nLCTL(KC_C)\t0x0106\nKC_A\t0x0004\n');
  });

  it('honours --protocol', () => {
    expect(keyloom(['MACRO(0)', '--protocol', '11']).stdout).toBe('MACRO(0)\t0x7702\n');
    expect(keyloom(['MACRO(0)', '--protocol=12']).stdout).toBe('MACRO(0)\t0x7700\n');
  });

  it('exits 1 with a clear message on invalid input and still prints the valid ones', () => {
    const r = keyloom(['KC_A', 'LT(16,KC_A)']);
    expect(r.status).toBe(1);
    expect(r.stdout).toBe('KC_A\t0x0004\n');
    expect(r.stderr).toContain("Invalid keycode for protocol 12: 'LT(16,KC_A)'");
  });

  it('reads one input per line from stdin with -, and prints JSON lines with --json', () => {
    const r = keyloom(['-', '--json'], 'KC_ENT\nnope\n0x5703\n');
    expect(r.status).toBe(1);
    expect(
      r.stdout
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l) as unknown),
    ).toEqual([
      { input: 'KC_ENT', code: 0x28, name: 'KC_ENT' },
      { input: 'nope', error: "Invalid keycode for protocol 12: 'nope'" },
      { input: '0x5703', code: 0x5703, name: 'TD(3)' },
    ]);
  });

  it('handles thousands of stdin lines in one call', () => {
    const input = Array.from({ length: 5000 }, (_, i) => `MO(${i % 32})`).join('\n');
    const out = execFileSync(process.execPath, [bin, 'keycode', '-'], { input, encoding: 'utf8' });
    const lines = out.trim().split('\n');
    expect(lines).toHaveLength(5000);
    expect(lines[33]).toBe('MO(1)\t0x5221');
  });

  it('rejects a bad --protocol with usage', () => {
    const r = keyloom(['KC_A', '--protocol', 'x']);
    expect(r.status).toBe(2);
    expect(r.stderr).toContain('--protocol needs a whole number');
  });
});
