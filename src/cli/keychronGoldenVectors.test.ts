import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { KEYCHRON_WIRE_DIR } from '../../tests/fixtures/paths.ts';
import { parseGoldenVectors, type GoldenStep } from '../../tests/support/goldenVectors.ts';
import { REPORT_LENGTH } from '../protocol/commands.ts';
import { runKeychronBridge } from './keychronBridge.ts';

type Exchange = Extract<GoldenStep, { kind: 'exchange' }>;

/** Runs the bridge (`--framed --eeprom FILE`) over the requests; the reports of each request, as hex. */
async function bridge(board: string, eeprom: string, requests: Uint8Array[]): Promise<string[][]> {
  const stdin = new PassThrough();
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  const chunks: Buffer[] = [];
  stdout.on('data', (chunk: Buffer) => chunks.push(chunk));
  stdin.end(Buffer.concat(requests));
  const code = await runKeychronBridge(['--stdio', '--keychron', board, '--framed', '--eeprom', eeprom], {
    stdin,
    stdout,
    stderr,
  });
  expect(code).toBe(0);
  const out = Buffer.concat(chunks);
  const result: string[][] = [];
  for (let i = 0; i < out.length;) {
    const n = out[i++]!;
    result.push(
      Array.from({ length: n }, (_, k) =>
        out.subarray(i + k * REPORT_LENGTH, i + (k + 1) * REPORT_LENGTH).toString('hex'),
      ),
    );
    i += n * REPORT_LENGTH;
  }
  return result;
}

/** The exchanges between power cycles. */
function sessions(steps: GoldenStep[]): Exchange[][] {
  const out: Exchange[][] = [[]];
  for (const step of steps) {
    if (step.kind === 'power-cycle') out.push([]);
    else out.at(-1)!.push(step);
  }
  return out;
}

const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex');

describe.each(['q1v2_ansi_encoder', 'c1_pro_8k_ansi'])(
  'golden vectors of %s, over the --framed bridge',
  (board) => {
    const steps = parseGoldenVectors(readFileSync(path.join(KEYCHRON_WIRE_DIR, `${board}.txt`), 'utf8'));

    it('answers every request byte for byte as the firmware source says, across power cycles', async () => {
      const eeprom = path.join(mkdtempSync(path.join(tmpdir(), 'keychron-wire-')), `${board}.eeprom`);
      const mismatches: string[] = [];
      let count = 0;
      for (const session of sessions(steps)) {
        const got = await bridge(
          board,
          eeprom,
          session.map((s) => s.request),
        );
        session.forEach((step, i) => {
          count++;
          const want = step.replies.map(hex);
          if (JSON.stringify(got[i]) !== JSON.stringify(want)) {
            mismatches.push(
              `line ${step.line}: > ${hex(step.request)}\n  want ${want.join(' | ') || 'none'}\n  got  ${got[i]?.join(' | ') || 'none'}`,
            );
          }
        });
      }
      expect(mismatches).toEqual([]);
      expect(count).toBeGreaterThan(400);
    });
  },
);
