import { describe, expect, it } from 'vitest';
import { explainKeycode } from './explain.ts';
import { parseKeycode } from './parse.ts';

describe('explainKeycode', () => {
  it('gives the keycode parseKeycode gives', () => {
    for (const text of [
      'KC_A',
      'LT(1,KC_A)',
      'MT(MOD_LSFT,KC_ESC)',
      'LCTL(KC_C)',
      '0x5220',
      'MO(3)',
      'MACRO(2)',
    ])
      expect(explainKeycode(text, 12)).toEqual({ ok: true, code: parseKeycode(text, 12) });
  });

  it('says nothing about empty text', () => expect(explainKeycode('  ', 12)).toBeNull());

  // One row per reason: what was typed, and the reason as data the field words.
  const REFUSED: [string, object][] = [
    ['KC_FOO', { kind: 'unknownName', name: 'KC_FOO' }],
    ['LT(1,KC_FOO)', { kind: 'unknownName', name: 'KC_FOO' }],
    ['FOO(KC_A)', { kind: 'unknownFunction', name: 'FOO' }],
    ['LT(1)', { kind: 'arguments', name: 'LT', count: 2 }],
    ['MO(1,2)', { kind: 'arguments', name: 'MO', count: 1 }],
    ['0x10000', { kind: 'numberTooLarge', text: '0x10000', max: 0xffff }],
    ['MACRO(200)', { kind: 'numberTooLarge', text: '200', max: 127 }],
    ['LT(16,KC_A)', { kind: 'numberTooLarge', text: '16', max: 15 }],
    ['MO(32)', { kind: 'numberTooLarge', text: '32', max: 31 }],
    ['65', { kind: 'plainNumber', text: '65' }],
    ['MO(KC_A)', { kind: 'notNumber', text: 'KC_A' }],
    ['LT(1,QK_BOOT)', { kind: 'notBasic', text: 'QK_BOOT' }],
    ['LT(1,MO(2))', { kind: 'notBasic', text: 'MO(2)' }],
    ['MT(MOD_FOO,KC_A)', { kind: 'modifiers', text: 'MOD_FOO' }],
    ['LCTL(RALT(KC_A))', { kind: 'mixedSides' }],
    ['LT(1,KC_A', { kind: 'syntax' }],
    ['x'.repeat(300), { kind: 'tooLong', max: 256 }],
  ];
  for (const [text, problem] of REFUSED)
    it(`refuses ${text.slice(0, 20)}: ${JSON.stringify(problem)}`, () => {
      expect(explainKeycode(text, 12)).toEqual({ ok: false, problem });
      // The same text is refused without the keyboard's limits too: the reasons explain, never decide.
      expect(parseKeycode(text, 12)).toBeNull();
    });

  it('refuses a layer or macro the keyboard does not have, naming its count', () => {
    const limits = { layers: 4, macros: 16 };
    expect(explainKeycode('LT(99,KC_A)', 12, limits)).toEqual({
      ok: false,
      problem: { kind: 'layerBeyondKeyboard', layer: 99, layers: 4 },
    });
    expect(explainKeycode('MO(4)', 12, limits)).toEqual({
      ok: false,
      problem: { kind: 'layerBeyondKeyboard', layer: 4, layers: 4 },
    });
    expect(explainKeycode('MACRO(16)', 12, limits)).toEqual({
      ok: false,
      problem: { kind: 'macroBeyondKeyboard', index: 16, macros: 16 },
    });
    expect(explainKeycode('MO(3)', 12, limits)).toEqual({ ok: true, code: 0x5223 });
    // Hex is taken as written: it names a number, not a layer.
    expect(explainKeycode('0x5230', 12, limits)).toEqual({ ok: true, code: 0x5230 });
  });
});
