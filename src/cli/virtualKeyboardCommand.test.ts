import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { VIA_DEFINITIONS_DIR } from '../../tests/fixtures/paths.ts';

const bin = path.resolve(import.meta.dirname, '../../bin/keyloom.mjs');

function bridge(args: string[], requests: string[]) {
  const input = Buffer.concat(
    requests.map((hex) => {
      const b = Buffer.alloc(32);
      Buffer.from(hex.replace(/ /g, ''), 'hex').copy(b);
      return b;
    }),
  );
  const r = spawnSync(process.execPath, [bin, 'virtual-keyboard', '--stdio', ...args], {
    input,
    timeout: 60_000,
  });
  const out: string[] = [];
  for (let i = 0; i < r.stdout.length; i += 32) out.push(r.stdout.subarray(i, i + 32).toString('hex'));
  return { status: r.status, replies: out, stderr: r.stderr.toString() };
}

const pad = (hex: string) => hex.replace(/ /g, '').padEnd(64, '0');

// Each test spawns the CLI, which compiles definitions; a busy machine needs more than Vitest's default 5 s.
describe('keyloom virtual-keyboard --stdio', { timeout: 60_000 }, () => {
  it('answers each 32-byte request with QMK-identical bytes', () => {
    const r = bridge(
      [
        '--protocol',
        '11',
        '--rows',
        '2',
        '--cols',
        '3',
        '--layers',
        '2',
        '--macros',
        '2',
        '--macro-buffer',
        '64',
      ],
      [
        '01',
        '11',
        '0c',
        '0d',
        '05 01 01 02 00 04',
        '04 01 01 02',
        '04 05 00 00',
        '12 00 16 04',
        '42 01 02',
        '03 02 00 00 01 26',
        '02 02',
      ],
    );
    expect(r.status).toBe(0);
    expect(r.replies).toEqual([
      pad('01 00 0b'),
      pad('11 02'),
      pad('0c 02'),
      pad('0d 00 40'),
      pad('05 01 01 02 00 04'),
      pad('04 01 01 02 00 04'),
      pad('04 05 00 00 00 00'),
      // 2 layers × 6 keys × 2 bytes = 24 bytes: offset 22 is the last key, then zeros past the end.
      pad('12 00 16 04 00 04 00 00'),
      pad('ff 01 02'),
      pad('03 02 00 00 01 26'),
      // Layout options keep 1 byte by default, as QMK.
      pad('02 02 00 00 00 26'),
    ]);
  });

  it('keeps K layout-option bytes with --layout-option-bytes', () => {
    const r = bridge(['--layout-option-bytes', '4'], ['03 02 00 00 01 26', '02 02']);
    expect(r.replies[1]).toBe(pad('02 02 00 00 01 26'));
  });

  it('rejects bad flags with a clear message', () => {
    expect(bridge(['--rows', 'x'], []).stderr).toContain('--rows needs a whole number');
    expect(bridge(['--layers', '99'], []).stderr).toContain('--layers must be between 1 and 32');
    const r = spawnSync(process.execPath, [bin, 'virtual-keyboard'], { timeout: 60_000 });
    expect(r.status).toBe(2);
    expect(r.stderr.toString()).toContain('pass --stdio');
  });

  it('builds the board from a definition with --definition, encoders inside layout options included', () => {
    // Keebio Iris rev6b: a 10×6 split whose two encoders sit only inside its thumb-cluster layout options.
    const iris = path.join(VIA_DEFINITIONS_DIR, 'v3/keebio__iris__iris-rev6b.json');
    const r = bridge(
      ['--definition', iris, '--layers', '5'],
      ['01', '11', '14 00 01 01', '14 04 01 01', '14 00 02 01'],
    );
    expect(r.stderr).toBe('');
    expect(r.replies).toEqual([
      pad('01 00 0c'),
      pad('11 05'),
      // Encoder 1 exists: volume up on layer 0, transparent on the fifth layer; there is no encoder 2.
      pad('14 00 01 01 00 a9'),
      pad('14 04 01 01 00 01'),
      pad('14 00 02 01'),
    ]);
  });

  it('answers the vendor extensions too (their code loads before the first request): legacy 0x80 values', () => {
    // Lumen 65 demo: a v2 board with the 'rotary-encoder' custom feature (Satisfaction75-style values 0x80–0x83).
    const lumen = path.resolve(import.meta.dirname, '../../keyboards/demo/lumen65.json');
    const r = bridge(['--definition', lumen], ['02 80', '03 83 02', '02 83']);
    expect(r.stderr).toBe('');
    expect(r.replies).toEqual([pad('02 80 1f'), pad('03 83 02'), pad('02 83 02')]);
  });

  it('refuses build options the firmware cannot have, naming the limit', () => {
    const iris = path.join(VIA_DEFINITIONS_DIR, 'v3/keebio__iris__iris-rev6b.json');
    expect(bridge(['--definition', iris, '--layers', '40'], []).stderr).toContain(
      'Layers must be between 1 and 32, got 40',
    );
    expect(bridge(['--definition', iris, '--rows', '3'], []).stderr).toContain('unknown option: --rows');
  });
});
