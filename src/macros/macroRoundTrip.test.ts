import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeMacros, encodeMacros, macroToScript, scriptBlocks, scriptToMacro } from './macroCodec.ts';
import type { MacroFormat } from './macroFormat.ts';
import { MACRO_FORMATS, macroBuffer } from '../../tests/support/macroArbitraries.ts';

const scriptsOf = (buffer: { count: number; bytes: Uint8Array }, f: MacroFormat) =>
  decodeMacros(buffer.bytes, buffer.count, f).map((m) => macroToScript(m, f));

describe.each(MACRO_FORMATS)('%s: every macro buffer survives its scripts byte for byte', (_, format) => {
  it('buffer → scripts → buffer', () => {
    fc.assert(
      fc.property(macroBuffer, (buffer) => {
        const scripts = scriptsOf(buffer, format);
        const back = encodeMacros(
          scripts.map((s) => scriptToMacro(s, format)),
          format,
        );
        expect([...back]).toEqual([...buffer.bytes]);
      }),
      { numRuns: 400 },
    );
  });

  it('the editor saves what the keyboard holds unchanged: its blocks pass the typed checks', () => {
    fc.assert(
      fc.property(macroBuffer, (buffer) => {
        const scripts = scriptsOf(buffer, format);
        const held = new Set(scripts.flatMap(scriptBlocks));
        for (const script of scripts)
          expect(scriptToMacro(script, format, { typed: { held } })).toEqual(scriptToMacro(script, format));
      }),
      { numRuns: 150 },
    );
  });
});

describe('typed text with backslashes and braces stores what was typed (issue #33)', () => {
  const piece = fc.oneof(
    fc.string({ unit: fc.constantFrom('\\', '{', '}', 'a', ' ', ':', '\n'), maxLength: 6 }),
    fc.stringMatching(/^[\x20-\x7e]{0,6}$/),
    fc.constantFrom('{KC_ENT}', '{+KC_LSFT}', '{-KC_LSFT}', '{KC_LCTL,KC_C}', '{500}', '{\\x5C}'),
  );
  it.each([10, 12])('protocol %i', (protocol) => {
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 8 }), (pieces) => {
        const text = pieces.join('');
        let steps;
        try {
          steps = scriptToMacro(text, protocol);
        } catch {
          return; // an unclosed block, a delay on protocol 10 …: refused, nothing stored
        }
        const bytes = encodeMacros([steps], protocol);
        const script = macroToScript(decodeMacros(bytes, 1, protocol)[0]!, protocol);
        expect([...encodeMacros([scriptToMacro(script, protocol)], protocol)]).toEqual([...bytes]);
      }),
      { numRuns: 600 },
    );
  });
});
