import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeMacros, encodeMacros, macroToScript, scriptToMacro } from './macroCodec.ts';

const hex = (b: Uint8Array) => [...b].map((x) => x.toString(16).padStart(2, '0')).join(' ');

describe('macro codec', () => {
  it('encodes the reference example byte for byte on protocol ≥ 11', () => {
    const steps = scriptToMacro('Hi{KC_ENT}{500}{+KC_LSFT}a{-KC_LSFT}{KC_LCTL,KC_C}', 12);
    expect(hex(encodeMacros([steps], 12))).toBe(
      '48 69 01 01 28 01 04 35 30 30 7c 01 02 e1 61 01 03 e1 01 02 e0 01 02 06 01 03 06 01 03 e0 00',
    );
  });
  it('uses plain actions and drops delays below protocol 11', () => {
    expect(hex(encodeMacros([scriptToMacro('a{KC_ENT}', 10)], 10))).toBe('61 01 28 00');
  });
  it('decodes back to the same script, chords included', () => {
    const script = 'Hi{KC_ENT}{500}{+KC_LSFT}a{-KC_LSFT}{KC_LCTL,KC_C}';
    const [steps] = decodeMacros(encodeMacros([scriptToMacro(script, 12)], 12), 1, 12);
    expect(macroToScript(steps!, 12)).toBe(script);
  });
  it('keeps UTF-8 text and escaped braces', () => {
    const script = 'héllo 世界 \\{x}';
    const [steps] = decodeMacros(encodeMacros([scriptToMacro(script, 12)], 12), 1, 12);
    expect(macroToScript(steps!, 12)).toBe(script);
  });
  it('reports the validator messages', () => {
    expect(() => scriptToMacro('{KC_A', 12)).toThrow(
      "Looks like a keycode block - {} - is unclosed! Are you missing an '}'?",
    );
    expect(() => scriptToMacro('{}', 12)).toThrow("Sorry, I can't handle empty {}");
    expect(() => scriptToMacro('{KC_FOO}', 12)).toThrow(
      'Whoops! Invalid keycodes detected inside {}: KC_FOO',
    );
    expect(() => scriptToMacro('{12345}', 12)).toThrow(
      'Invalid delay: 12345. Please use a delay value of 9999 or less.',
    );
  });
  it('decodes several macros split by NUL', () => {
    const macros = decodeMacros(Uint8Array.from([0x61, 0, 0x62, 0, 0]), 3, 12);
    expect(macros.map((m) => macroToScript(m, 12))).toEqual(['a', 'b', '']);
  });
  it('round-trips arbitrary text through the device bytes', () => {
    fc.assert(
      fc.property(
        fc
          .string({ minLength: 0, maxLength: 40 })
          .filter(
            (s) =>
              !s.includes('\0') &&
              ![...s].some((ch) => ch.charCodeAt(0) >= 1 && ch.charCodeAt(0) <= 3) &&
              !s.includes('{') &&
              !s.includes('\\'),
          ),
        (text) => {
          const [steps] = decodeMacros(encodeMacros([scriptToMacro(text, 12)], 12), 1, 12);
          return macroToScript(steps!, 12) === text;
        },
      ),
    );
  });
});

describe('macro script validation (issue #17.6)', () => {
  it('lists every invalid keycode of a block, not only the first', () => {
    expect(() => scriptToMacro('{KC_FOO,KC_A,KC_BAR}', 12)).toThrow(
      'Whoops! Invalid keycodes detected inside {}: KC_FOO, KC_BAR',
    );
  });

  it.each([9, 10])('protocol %i refuses press/release blocks, which need protocol 11', (protocol) => {
    expect(() => scriptToMacro('{+KC_A}', protocol)).toThrow(
      'Whoops! Invalid keycodes detected inside {}: +KC_A',
    );
    expect(() => scriptToMacro('{-KC_A}', protocol)).toThrow(
      'Whoops! Invalid keycodes detected inside {}: -KC_A',
    );
  });

  it('protocol 11 accepts them', () => {
    expect(scriptToMacro('{+KC_A}{-KC_A}', 11)).toEqual([
      { kind: 'down', keycode: 0x04 },
      { kind: 'up', keycode: 0x04 },
    ]);
  });
});
