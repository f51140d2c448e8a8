import { readFileSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ZMK_KEYMAPS_DIR } from '../fixtures/paths.ts';
import { readZmkKeymapSource } from '../../src/convert/zmkKeymapReader.ts';
import { FUZZ_TIMEOUT_MS, fuzzParameters, sizeFuzzParameters } from './fuzzConfig.ts';

const SPLIT42 = readFileSync(path.join(ZMK_KEYMAPS_DIR, 'split42.keymap'), 'utf8');

/** Pieces a hostile or broken .keymap is made of: braces, cells, directives, macros calling macros. */
const PIECE = fc.constantFrom(
  '{',
  '}',
  ';',
  '<',
  '>',
  '(',
  ')',
  ',',
  '"',
  '/*',
  '*/',
  '//',
  '\\\n',
  '\n',
  ' ',
  '&kp A',
  '&mt LCTRL ESC',
  'LC(',
  '#define X(a) X(a) a a\n',
  '#define Y X(Y) Y\n',
  '#if 1\n',
  '#ifdef Y\n',
  '#else\n',
  '#endif\n',
  '#include <behaviors.dtsi>\n',
  '/ {',
  'keymap { compatible = "zmk,keymap";',
  'l { bindings = <',
  'X(1)',
  'Y',
  '##',
  '#',
  '0xffffffff',
  '1 << 40',
  '/ 0',
  '('.repeat(5000),
  'LC('.repeat(300),
);

/** Every outcome is an answer: the source read, or one named refusal; never a throw. */
function answers(text: string): void {
  const read = readZmkKeymapSource(text, 'fuzz.keymap');
  if (read.ok) expect(read.source.layers.length).toBeGreaterThan(0);
  else expect(read.refusal.code).toMatch(/^zmkSource\./);
}

describe('a ZMK .keymap from outside', () => {
  it(
    'pieces in any order: read or refused by name, never a throw',
    () => {
      fc.assert(
        fc.property(fc.array(PIECE, { maxLength: 80 }), (pieces) => answers(pieces.join(''))),
        fuzzParameters(),
      );
    },
    FUZZ_TIMEOUT_MS,
  );

  it(
    'the real keymap cut, repeated and spliced: read or refused by name',
    () => {
      fc.assert(
        fc.property(
          fc.nat(SPLIT42.length),
          fc.nat(SPLIT42.length),
          fc.integer({ min: 1, max: 200 }),
          (a, b, times) => {
            const [from, to] = a < b ? [a, b] : [b, a];
            answers(SPLIT42.slice(0, from) + SPLIT42.slice(from, to).repeat(times) + SPLIT42.slice(to));
          },
        ),
        sizeFuzzParameters(),
      );
    },
    FUZZ_TIMEOUT_MS,
  );
});
