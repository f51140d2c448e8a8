import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseKeycode } from '../../src/keycodes/parse.ts';
import { parseExpression } from '../../src/keycodes/expression.ts';
import { formatKeycode } from '../../src/keycodes/format.ts';
import { decodeMacros, scriptToMacro } from '../../src/macros/macroCodec.ts';
import { FUZZ_TIMEOUT_MS, fuzzParameters, isCrash } from './fuzzConfig.ts';

const PROTOCOLS = [9, 10, 11, 12, 13];

/** Text that looks like keycodes: names, functions, hex, with stray brackets and numbers. */
const keycodeText = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc
    .array(
      fc.constantFrom(
        'KC_A',
        'LT',
        'MO',
        'LCTL',
        'S',
        '(',
        ')',
        ',',
        '0x',
        '1',
        'ff',
        ' ',
        'KC_',
        'QK_',
        '|',
        'MOD_LSFT',
      ),
      { maxLength: 10 },
    )
    .map((parts) => parts.join('')),
  fc
    .integer({ min: 0, max: 0xffff })
    .chain((code) => fc.constantFrom(...PROTOCOLS).map((protocol) => formatKeycode(code, protocol))),
);

const macroScript = fc.oneof(
  fc.string({ maxLength: 60 }),
  fc
    .array(
      fc.constantFrom(
        '{',
        '}',
        'KC_A',
        ',',
        '+',
        '-',
        '{KC_LCTL,KC_C}',
        '{100}',
        '{99999}',
        'hello',
        ' ',
        '\\',
        '{+KC_LSFT}',
        '{-KC_LSFT}',
      ),
      {
        maxLength: 12,
      },
    )
    .map((parts) => parts.join('')),
);

describe('fuzz: text a user types', () => {
  it(
    'keycode text: a number in 0–0xFFFF or null, for every protocol',
    () => {
      fc.assert(
        fc.property(keycodeText, fc.constantFrom(...PROTOCOLS), (text, protocol) => {
          const code = parseKeycode(text, protocol);
          if (code !== null) {
            expect(Number.isInteger(code)).toBe(true);
            expect(code).toBeGreaterThanOrEqual(0);
            expect(code).toBeLessThanOrEqual(0xffff);
          }
          parseExpression(text);
        }),
        fuzzParameters(),
      );
    },
    FUZZ_TIMEOUT_MS,
  );

  it(
    "macro script: steps, or the validator's own message",
    () => {
      fc.assert(
        fc.property(macroScript, fc.constantFrom(...PROTOCOLS), (script, protocol) => {
          try {
            expect(Array.isArray(scriptToMacro(script, protocol))).toBe(true);
          } catch (error) {
            if (isCrash(error)) throw error;
          }
        }),
        fuzzParameters(),
      );
    },
    FUZZ_TIMEOUT_MS,
  );
});

describe('fuzz: bytes a keyboard sends', () => {
  it(
    'macro buffer: any bytes decode to the asked number of macros',
    () => {
      fc.assert(
        fc.property(
          fc.uint8Array({ maxLength: 512 }),
          fc.integer({ min: 0, max: 32 }),
          fc.constantFrom(...PROTOCOLS),
          (bytes, count, protocol) => {
            expect(decodeMacros(bytes, count, protocol)).toHaveLength(count);
          },
        ),
        fuzzParameters(),
      );
    },
    FUZZ_TIMEOUT_MS,
  );
});
