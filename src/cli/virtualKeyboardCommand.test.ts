import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

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

describe('keyloom virtual-keyboard --stdio', () => {
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
});
