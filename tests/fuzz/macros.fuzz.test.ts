import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeMacros, encodeMacros, macroToScript, scriptToMacro } from '../../src/macros/macroCodec.ts';
import { readVilFile, type VilTarget } from '../../src/vial/vilFile.ts';
import { MACRO_FORMATS } from '../support/macroArbitraries.ts';
import { FUZZ_RUNS, FUZZ_SEED, FUZZ_TIMEOUT_MS, isCrash } from './fuzzConfig.ts';

/** Large inputs cost more each: a hundredth of the usual run count, at least 20. */
const sized = { numRuns: Math.max(20, Math.round(FUZZ_RUNS / 100)), seed: FUZZ_SEED, endOnFailure: true };

/** A piece repeated up to 40,000 times: long text runs, walls of braces and backslashes, many blocks. */
const repeated = fc
  .tuple(
    fc.constantFrom(
      'a',
      '\\',
      '{',
      '}',
      '\\{',
      '{KC_A}',
      '{+KC_LSFT}',
      '{9999}',
      '{\\x5C}',
      'é',
      '{KC_A,',
      '\n',
    ),
    fc.integer({ min: 1, max: 40_000 }),
  )
  .map(([piece, times]) => piece.repeat(times));

describe('fuzz: macros of every size (issue #33)', () => {
  it(
    'scripts of up to 200,000 characters: steps or the module’s own message, bounded by the buffer',
    () => {
      fc.assert(
        fc.property(
          fc.array(repeated, { minLength: 1, maxLength: 5 }),
          fc.constantFrom(...MACRO_FORMATS.map(([, f]) => f)),
          fc.integer({ min: 1, max: 0xffff }),
          (pieces, format, capacity) => {
            const script = pieces.join('');
            try {
              const steps = scriptToMacro(script, format, { capacity });
              expect(encodeMacros([steps], format).length).toBeLessThanOrEqual(capacity);
            } catch (error) {
              if (isCrash(error)) throw error;
            }
          },
        ),
        sized,
      );
    },
    FUZZ_TIMEOUT_MS,
  );

  it(
    'buffers up to 65,535 bytes, repeated or random, read back byte for byte',
    () => {
      const buffer = fc.oneof(
        fc.uint8Array({ minLength: 1, maxLength: 0xffff }),
        fc
          .tuple(fc.uint8Array({ minLength: 1, maxLength: 8 }), fc.integer({ min: 1, max: 8000 }))
          .map(([unit, times]) =>
            Uint8Array.from({ length: unit.length * times }, (_, i) => unit[i % unit.length]!),
          ),
      );
      fc.assert(
        fc.property(buffer, fc.constantFrom(...MACRO_FORMATS.map(([, f]) => f)), (bytes, format) => {
          const count = bytes.filter((b) => b === 0).length;
          const end = bytes.lastIndexOf(0) + 1;
          const scripts = decodeMacros(bytes, count, format).map((m) => macroToScript(m, format));
          const back = encodeMacros(
            scripts.map((s) => scriptToMacro(s, format)),
            format,
          );
          expect([...back]).toEqual([...bytes.subarray(0, end)]);
        }),
        sized,
      );
    },
    FUZZ_TIMEOUT_MS,
  );

  it(
    '.vil macros: huge delays, counts and texts are refused or read within the buffer',
    () => {
      const target: VilTarget = {
        name: 'Fuzz',
        vendorProductId: 1,
        protocol: 12,
        rows: 1,
        cols: 1,
        layerCount: 1,
        keymap: [[4]],
        encoderCount: 0,
        macrosSupported: true,
        macroCount: 4,
        macroFormat: MACRO_FORMATS.at(-1)![1],
        macroCapacity: 1023,
      };
      const action = fc.oneof(
        fc
          .oneof(fc.double(), fc.integer(), fc.constantFrom(1e13, -1, 65_024, 65_025, Number.MAX_VALUE))
          .map((ms) => ['delay', ms]),
        fc.integer({ min: 1, max: 20_000 }).map((n) => ['tap', ...new Array<string>(n).fill('KC_A')]),
        fc.integer({ min: 1, max: 200_000 }).map((n) => ['text', '\\'.repeat(n)]),
      );
      fc.assert(
        fc.property(fc.array(fc.array(action, { maxLength: 4 }), { maxLength: 6 }), (macro) => {
          const read = readVilFile(JSON.stringify({ layout: [[['KC_A']]], macro }), target);
          if (!read.ok) expect(read.message).toMatch(/^Could not import the \.vil file: /);
          else for (const script of read.file.macros ?? []) expect(script.length).toBeLessThan(8 * 1024);
        }),
        sized,
      );
    },
    FUZZ_TIMEOUT_MS,
  );
});
