import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const bin = path.resolve(import.meta.dirname, '../../bin/keyloom.mjs');

function run(args: string[], requests: string[]) {
  const input = Buffer.concat(
    requests.map((hex) => {
      const b = Buffer.alloc(32);
      Buffer.from(hex.replace(/ /g, ''), 'hex').copy(b);
      return b;
    }),
  );
  return spawnSync(process.execPath, [bin, 'virtual-keyboard', '--stdio', ...args], {
    input,
    timeout: 60_000,
  });
}

/** Splits framed output into one list of reply hex strings per request. */
function frames(out: Buffer): string[][] {
  const result: string[][] = [];
  for (let i = 0; i < out.length;) {
    const n = out[i++]!;
    const replies: string[] = [];
    for (let k = 0; k < n; k++, i += 32) replies.push(out.subarray(i, i + 32).toString('hex'));
    result.push(replies);
  }
  return result;
}

const full = (hex: string) => hex.replace(/ /g, '').padEnd(64, '0');

describe('keyloom virtual-keyboard --stdio --keychron', { timeout: 60_000 }, () => {
  it('--framed: a count byte, then the reports; 0 for a request the firmware ignores', () => {
    const r = run(
      ['--keychron', 'c1_pro_8k_ansi', '--framed'],
      ['a0', 'aa 01', 'a7 0d', 'a8 05', '0a', '02 01'],
    );
    expect(r.status).toBe(0);
    expect(frames(r.stdout)).toEqual([
      [full('a0 02 00 02')],
      [],
      [full('a7 0d 00 03 7f')],
      [full('a8 05 00 57')],
      [full('ff')],
      // The bridge's clock stands still: uptime 0, whatever the pace of the requests.
      [full('02 01')],
    ]);
  });

  it('--eeprom: no file is a freshly flashed board; a restart with the file is a power cycle', () => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'keychron-')), 'q1.eeprom');
    const first = run(
      ['--keychron', 'q1v2_ansi_encoder', '--framed', '--eeprom', file],
      ['a7 03', 'a7 04 07', 'a7 09 00 01 01 04 07', 'a7 08 00 01', 'a8 0a 00 01 10 20 30', '07 03 02 0c'],
    );
    expect(first.status).toBe(0);
    expect(frames(first.stdout)[0]).toEqual([full('a7 03 00 00')]);
    expect(frames(first.stdout)[3]).toEqual([full('a7 08 00 010407')]);
    expect(readFileSync(file).length).toBe(3072);
    const second = run(
      ['--keychron', 'q1v2_ansi_encoder', '--framed', '--eeprom', file],
      ['a7 03', 'a7 08 00 01', 'a8 09 00 01', '08 03 02', 'a7 0a', '07 03 02 0c', '09 03'],
    );
    expect(frames(second.stdout).slice(0, 4)).toEqual([
      [full('a7 03 00 07')],
      [full('a7 08 00 000000')],
      [full('a8 09 00 00ffff')],
      [full('08 03 02 05')],
    ]);
    const third = run(['--keychron', 'q1v2_ansi_encoder', '--framed', '--eeprom', file], ['08 03 02']);
    expect(frames(third.stdout)).toEqual([[full('08 03 02 0c')]]);
  });

  it('without --framed, replies only; silent requests write nothing', () => {
    const r = run(['--keychron', 'q1v2_ansi_encoder'], ['aa', 'a2']);
    expect(r.stdout.toString('hex')).toBe(full('a2 00 f1 03'));
  });

  it('refuses an unknown board and an EEPROM file of the wrong size, with the reason', () => {
    const unknown = run(['--keychron', 'k2'], []);
    expect(unknown.status).toBe(2);
    expect(unknown.stderr.toString()).toContain(
      "Unknown Keychron board 'k2'; one of: q1v2_ansi_encoder, c1_pro_8k_ansi",
    );
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'keychron-')), 'bad.eeprom');
    writeFileSync(file, Buffer.alloc(10));
    const bad = run(['--keychron', 'c1_pro_8k_ansi', '--eeprom', file], ['a0']);
    expect(bad.status).toBe(1);
    expect(bad.stderr.toString()).toContain('an EEPROM image is 3072 bytes, this file has 10');
    expect(readFileSync(file).length).toBe(10);
  });
});
