import { describe, expect, it } from 'vitest';
import {
  decodeMacros,
  encodeMacros,
  MacroScriptError,
  macroKeycodeNames,
  macroToScript,
  scriptBlocks,
  scriptToMacro,
} from './macroCodec.ts';
import { macroFormatOf, VIAL_MAX_DELAY } from './macroFormat.ts';

const hex = (b: Uint8Array) => [...b].map((x) => x.toString(16).padStart(2, '0')).join(' ');
const bytes = (text: string) => Uint8Array.from(text.split(' ').map((h) => parseInt(h, 16)));
/** One macro's script as the keyboard holds it, and the bytes that script stores again. */
const script = (buffer: string, format: Parameters<typeof macroToScript>[1]) =>
  macroToScript(decodeMacros(bytes(buffer), 1, format)[0]!, format);
const stored = (text: string, format: Parameters<typeof macroToScript>[1]) =>
  hex(encodeMacros([scriptToMacro(text, format)], format));

describe('macro codec', () => {
  it('encodes the reference example byte for byte on protocol ≥ 11', () => {
    expect(stored('Hi{KC_ENT}{500}{+KC_LSFT}a{-KC_LSFT}{KC_LCTL,KC_C}', 12)).toBe(
      '48 69 01 01 28 01 04 35 30 30 7c 01 02 e1 61 01 03 e1 01 02 e0 01 02 06 01 03 06 01 03 e0 00',
    );
  });
  it('uses plain actions below protocol 11, where no delay is stored', () => {
    expect(stored('a{KC_ENT}', 10)).toBe('61 01 28 00');
    expect(hex(encodeMacros([[{ kind: 'delay', ms: 500 }]], 10))).toBe('00');
  });
  it('decodes back to the same script, chords included', () => {
    const text = 'Hi{KC_ENT}{500}{+KC_LSFT}a{-KC_LSFT}{KC_LCTL,KC_C}';
    expect(script(stored(text, 12), 12)).toBe(text);
  });
  it('splits the buffer on every NUL, as the firmware does, also one inside an action', () => {
    const macros = decodeMacros(bytes('01 01 00 61 00'), 3, 12);
    expect(macros.map((m) => macroToScript(m, 12))).toEqual(['{\\x01\\x01}', 'a', '']);
  });
});

describe('what a keyboard holds reads back byte for byte (issue #33)', () => {
  it('a backslash before a block: "C:\\" then Enter', () => {
    const text = script('43 3a 5c 01 01 28', 12);
    expect(text).toBe('C:{\\x5C}{KC_ENT}');
    expect(stored(text, 12)).toBe('43 3a 5c 01 01 28 00');
    // VIA's own reading of `\{` stays: a literal brace.
    expect(stored('C:\\{KC_ENT}', 12)).toBe('43 3a 7b 4b 43 5f 45 4e 54 7d 00');
  });
  it('braces and backslashes in text, escaped only where VIA escapes', () => {
    const text = script('5c 7b 7d 5c 5c 7b', 12);
    expect(text).toBe('\\\\{}\\\\\\{');
    expect(stored(text, 12)).toBe('5c 7b 7d 5c 5c 7b 00');
  });
  it('hold and release on protocol 9, which the firmware plays', () => {
    const text = script('02 e1 01 04 01 05 03 e1', 9);
    expect(text).toBe('{+KC_LSFT}{KC_A}{KC_B}{-KC_LSFT}');
    expect(stored(text, 9)).toBe('02 e1 01 04 01 05 03 e1 00');
  });
  it('a 12,000 ms delay; odd delay digits and unknown actions stay bytes', () => {
    expect(script('01 04 31 32 30 30 30 7c', 12)).toBe('{12000}');
    expect(script('01 04 30 35 7c 01 08', 12)).toBe('{\\x01\\x04}05|{\\x01\\x08}');
    expect(stored('{\\x01\\x04}05|{\\x01\\x08}', 12)).toBe('01 04 30 35 7c 01 08 00');
  });
  it('bytes QMK types no text for: above 0x7F, control bytes; tab and newline are text', () => {
    expect(script('68 c3 a9 09 0a 0d', 12)).toBe('h{\\xC3\\xA9}\t\n{\\x0D}');
  });
  it('Vial: two-byte delays and, from Vial 5, 16-bit keys', () => {
    const vial6 = macroFormatOf({ protocol: 12, vial: { protocol: 6 } });
    // 0x0106 is stored as 06 01; 0x0100 (low byte 0, a NUL) as 0xFF01.
    expect(script('01 04 10 30 01 05 06 01 01 06 01 ff', vial6)).toBe('{12000}{LCTL(KC_C)}{+LCTL(KC_NO)}');
    expect(stored('{LCTL(KC_C)}{+0x0100}', vial6)).toBe('01 05 06 01 01 06 01 ff 00');
    expect(stored(`{${VIAL_MAX_DELAY}}`, vial6)).toBe('01 04 ff ff 00');
    expect(() => scriptToMacro(`{${VIAL_MAX_DELAY + 1}}`, vial6)).toThrow(
      `Invalid delay: ${VIAL_MAX_DELAY + 1}. Please use a delay value of 65024 or less.`,
    );
    const vial4 = macroFormatOf({ protocol: 9, vial: { protocol: 4 } });
    expect(script('01 05 06 01', vial4)).toBe('{\\x01\\x05\\x06\\x01}');
  });
});

describe('typed scripts: the validator (core.md §5)', () => {
  const typed = (text: string, protocol: number | ReturnType<typeof macroFormatOf>, held?: string[]) =>
    scriptToMacro(text, protocol, { typed: { held: new Set(held) } });

  it('reports the spec messages', () => {
    expect(() => typed('{KC_A', 12)).toThrow(
      "Looks like a keycode block - {} - is unclosed! Are you missing an '}'?",
    );
    expect(() => typed('{}', 12)).toThrow("Sorry, I can't handle empty {}");
    expect(() => typed('{KC_FOO,KC_A,KC_BAR}', 12)).toThrow(
      'Whoops! Invalid keycodes detected inside {}: KC_FOO, KC_BAR',
    );
    expect(() => typed('{12345}', 12)).toThrow(
      'Invalid delay: 12345. Please use a delay value of 9999 or less.',
    );
  });

  it.each([9, 10])('protocol %i refuses typed press/release blocks, as VIA does', (protocol) => {
    expect(() => typed('{+KC_A}', protocol)).toThrow('Whoops! Invalid keycodes detected inside {}: +KC_A');
    expect(() => typed('{-KC_A}', protocol)).toThrow('Whoops! Invalid keycodes detected inside {}: -KC_A');
  });

  it('accepts what the keyboard holds as it is: its long delays and protocol 9 holds (issue #33)', () => {
    const held = scriptBlocks('{+KC_LSFT}{KC_A}{-KC_LSFT}{12000}');
    expect(typed('x{+KC_LSFT}{KC_A}{KC_B}{-KC_LSFT}', 9, held)).toHaveLength(5);
    expect(typed('{12000}y', 12, held)).toEqual([
      { kind: 'delay', ms: 12000 },
      { kind: 'text', text: 'y' },
    ]);
    expect(() => typed('{12001}', 12, held)).toThrow('Invalid delay: 12001');
  });

  it('refuses text QMK cannot type, naming each character once; newline and tab are typed', () => {
    expect(typed('a\tb\n', 12)).toEqual([{ kind: 'text', text: 'a\tb\n' }]);
    const refusal = (() => {
      try {
        typed('café 😀 é\r', 12);
      } catch (e) {
        return e;
      }
    })();
    expect(refusal).toBeInstanceOf(MacroScriptError);
    expect((refusal as MacroScriptError).code).toBe('text');
    expect((refusal as MacroScriptError).detail).toBe('é 😀 U+000D');
    // A file or the keyboard may hold them: read as UTF-8, as Keyloom saved them before.
    expect(stored('é', 12)).toBe('c3 a9 00');
  });

  it('checks {\\x…} bytes: two hex digits each, never 00', () => {
    expect(stored('{\\x5c\\xFF}', 12)).toBe('5c ff 00');
    for (const bad of ['{\\x00}', '{\\x5}', '{\\xZZ}', '{\\}'])
      expect(() => typed(bad, 12)).toThrow('Invalid bytes inside {}');
  });
});

describe('size and bounds (issue #33)', () => {
  it('a 120,000-character text run encodes in a loop, no stack overflow', () => {
    const long = 'a'.repeat(120_000);
    expect(encodeMacros([scriptToMacro(long, 12)], 12)).toHaveLength(120_001);
  });
  it('refuses a macro over the capacity with the spec message, keeping no steps past it', () => {
    expect(() => scriptToMacro(`${'a'.repeat(120_000)}{KC_A}`, 12, { capacity: 1023 })).toThrow(
      'Macro size (120004) exceeds buffer size (1023)',
    );
    expect(() => encodeMacros([[{ kind: 'text', text: 'abc' }], []], 12, 2)).toThrow(
      'Macro size (5) exceeds buffer size (2)',
    );
    // Reaching the buffer's last byte, as VIA writes it: the flag byte (0) ends 'abc', the buffer's end the
    // empty macro after it (issue 39 item 7).
    expect([...encodeMacros([[{ kind: 'text', text: 'abc' }], []], 12, 3)]).toEqual([0x61, 0x62, 0x63]);
  });
  it('lists the names to look up: expressions whole, bytes and delays left out', () => {
    expect(macroKeycodeNames('{MT(MOD_LSFT,KC_A),KC_B}{+KC_C}{500}{\\x5C}\\{KC_X}')).toEqual([
      'MT(MOD_LSFT,KC_A)',
      'KC_B',
      'KC_C',
    ]);
  });
});
