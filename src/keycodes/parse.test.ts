import { describe, expect, it } from 'vitest';
import { parseKeycode } from './parse.ts';
import { formatKeycode } from './format.ts';

// Hand-checked against via-protocol.md §4.2–4.5 (range bases and formulas), one row per case.
const CASES: [text: string, protocol: number, code: number][] = [
  ['KC_A', 12, 0x0004],
  ['kc_a', 12, 0x0004],
  ['  KC_ENT  ', 12, 0x0028],
  ['KC_ENTER', 9, 0x0028],
  ['KC_NO', 10, 0x0000],
  ['KC_TRNS', 11, 0x0001],
  ['_______', 12, 0x0001],
  ['XXXXXXX', 12, 0x0000],
  ['KC_LCTL', 12, 0x00e0],
  ['KC_RGUI', 11, 0x00e7],
  ['KC_MUTE', 12, 0x00a8],
  ['KC_VOLU', 10, 0x00a9],
  ['KC_MS_UP', 10, 0x00f0],
  ['KC_MS_BTN1', 9, 0x00f4],
  ['KC_MS_UP', 11, 0x00cd],
  ['MS_BTN1', 12, 0x00d1],
  ['LCTL(KC_C)', 12, 0x0106],
  ['C(KC_C)', 11, 0x0106],
  ['LSFT(LALT(KC_1))', 12, 0x061e],
  ['LSA(KC_1)', 10, 0x061e],
  ['RALT(KC_E)', 12, 0x1408],
  ['ALGR(KC_E)', 12, 0x1408],
  ['HYPR(KC_F1)', 12, 0x0f3a],
  ['MEH(KC_A)', 12, 0x0704],
  ['C_S(KC_T)', 12, 0x0317],
  ['RCS(KC_X)', 12, 0x131b],
  ['MT(MOD_LSFT,KC_ESC)', 11, 0x2229],
  ['MT(MOD_LSFT,KC_ESC)', 12, 0x2229],
  ['MT(MOD_LSFT,KC_ESC)', 10, 0x6229],
  ['MT(MOD_RCTL,KC_ENT)', 12, 0x3128],
  // VIA's display form for right modifiers (left name plus its right twin) loads as the right modifier.
  ['MT(MOD_LCTL | MOD_RCTL,KC_ENT)', 12, 0x3128],
  ['MT(MOD_LALT | MOD_RALT,KC_BSPC)', 11, 0x342a],
  ['OSM(MOD_LALT | MOD_RALT)', 12, 0x52b4],
  ['MT(MOD_HYPR,KC_TAB)', 12, 0x2f2b],
  ['MT(MOD_LCTL | MOD_LSFT, KC_A)', 12, 0x2304],
  ['LCTL_T(KC_A)', 12, 0x2104],
  ['SFT_T(KC_SPC)', 11, 0x222c],
  ['ALL_T(KC_ESC)', 12, 0x2f29],
  ['LT(2,KC_SPC)', 12, 0x422c],
  ['LT(15,KC_BSPC)', 11, 0x4f2a],
  ['LT(1,KC_SPC)', 9, 0x412c],
  ['LM(1,MOD_LCTL)', 12, 0x5021],
  ['LM(1,MOD_LCTL)', 10, 0x5911],
  ['LM(3,MOD_LSFT|MOD_LALT)', 11, 0x5066],
  ['LM(3,MOD_LSFT|MOD_LALT)', 10, 0x5936],
  ['TO(3)', 11, 0x5203],
  ['TO(3)', 10, 0x5003],
  ['TO(3)', 9, 0x5013],
  ['MO(1)', 12, 0x5221],
  ['MO(1)', 10, 0x5101],
  ['DF(0)', 12, 0x5240],
  ['DF(0)', 9, 0x5200],
  ['TG(2)', 11, 0x5262],
  ['TG(2)', 10, 0x5302],
  ['OSL(1)', 12, 0x5281],
  ['OSL(1)', 10, 0x5401],
  ['TT(4)', 12, 0x52c4],
  ['TT(4)', 10, 0x5804],
  ['MO(31)', 12, 0x523f],
  ['PDF(1)', 12, 0x52e1],
  ['OSM(MOD_LSFT)', 11, 0x52a2],
  ['OSM(MOD_RALT)', 12, 0x52b4],
  ['OSM(MOD_LSFT)', 10, 0x5502],
  ['MACRO(0)', 11, 0x7702],
  ['MACRO(5)', 11, 0x7707],
  ['MACRO(0)', 12, 0x7700],
  ['MACRO(5)', 13, 0x7705],
  ['MACRO(127)', 12, 0x777f],
  ['MACRO(0)', 10, 0x5f12],
  ['CUSTOM(0)', 11, 0x7f00],
  ['CUSTOM(2)', 12, 0x7e02],
  ['CUSTOM(255)', 12, 0x7eff],
  ['CUSTOM(15)', 9, 0x5f8f],
  ['TD(3)', 12, 0x5703],
  ['TD(255)', 11, 0x57ff],
  ['FN_MO13', 11, 0x7700],
  ['FN_MO13', 12, 0x7c77],
  ['FN_MO23', 10, 0x5f11],
  ['RESET', 11, 0x7c00],
  ['RESET', 10, 0x5c00],
  ['QK_BOOT', 12, 0x7c00],
  ['BL_ON', 10, 0x5cbb],
  ['RGB_TOG', 10, 0x5cc2],
  ['RGB_TOG', 12, 0x7820],
  ['KC_GESC', 10, 0x5c16],
  ['KC_GESC', 12, 0x7c16],
  ['BR_INC', 10, 0x5f00],
  // VIA's protocol-12 table kept QMK 0.0.1's MIDI numbers; a file VIA wrote keeps its number (issue #11).
  ['MI_C', 12, 0x7110],
  ['QK_MIDI_NOTE_C_0', 12, 0x7103],
  ['MI_C', 11, 0x7110],
  ['QK_OUTPUT_AUTO', 12, 0x7780],
  ['UG_TOGG', 13, 0x7820],
  ['RM_ON', 12, 0x7840],
  ['RM_TOGG', 12, 0x7842],
  ['KC_TILD', 12, 0x0235],
  ['KC_QUES', 11, 0x0238],
  ['0x5703', 12, 0x5703],
  ['0x0004', 12, 0x0004],
  ['0X7c77', 12, 0x7c77],
  ['0xF', 12, 0x000f],
  // A future protocol keeps the newest numbering (never falls back to the oldest table).
  ['MACRO(1)', 14, 0x7701],
  ['MO(1)', 20, 0x5221],
];

describe('parseKeycode: hand-checked numbers', () => {
  it.each(CASES)('%s on protocol %i', (text, protocol, code) => {
    expect(parseKeycode(text, protocol)).toBe(code);
  });
  it('has at least 60 cases spread over every generation', () => {
    expect(CASES.length).toBeGreaterThanOrEqual(60);
    for (const p of [9, 10, 11, 12]) expect(CASES.some(([, protocol]) => protocol === p)).toBe(true);
  });
});

describe('parseKeycode: rejections (never a wrong number)', () => {
  it.each([
    ['', 12, 'empty'],
    ['   ', 12, 'blank'],
    ['KC_FOO', 12, 'unknown name'],
    ['LCTL(KC_FOO)', 12, 'unknown name inside a wrapper'],
    ['LT(16,KC_A)', 12, 'layer-tap layer above 4 bits'],
    ['LT(-1,KC_A)', 12, 'negative layer'],
    ['LT(a,KC_A)', 12, 'non-number layer'],
    ['LT(1,QK_BOOT)', 12, 'tap key wider than 8 bits'],
    ['LT(1,KC_TILD)', 12, 'shifted tap key'],
    ['MO(32)', 12, 'MO layer above 31'],
    ['MO(64)', 12, 'MO layer that would land in another range'],
    ['TO(16)', 9, 'TO above 15 on old firmware'],
    ['MO(-1)', 12, 'negative layer'],
    ['LM(16,MOD_LCTL)', 12, 'layer-mod layer above 15'],
    ['LM(1,MOD_RCTL)', 10, 'right mods need the 5-bit layer-mod mask'],
    ['MT(MOD_FOO,KC_A)', 12, 'unknown modifier'],
    ['MT(MOD_LCTL|,KC_A)', 12, 'empty modifier'],
    ['MT(MOD_LCTL|MOD_RSFT,KC_A)', 12, 'mixed left and right modifiers'],
    ['MT(MOD_LCTL,KC_A,KC_B)', 12, 'too many arguments'],
    ['LCTL(RSFT(KC_A))', 12, 'mixed sides in nested wrappers'],
    ['MACRO(16)', 11, 'macro index above 16 on protocol 11'],
    ['MACRO(128)', 12, 'macro index above 127'],
    ['CUSTOM(16)', 10, 'custom index above 15 on protocol 10'],
    ['CUSTOM(256)', 12, 'custom index above 255'],
    ['TD(256)', 12, 'tap dance index above 255'],
    ['PDF(1)', 11, 'PDF before protocol 12'],
    ['0x10000', 12, 'hex above 0xFFFF'],
    ['0x', 12, 'hex with no digits'],
    ['0xGG', 12, 'not hex'],
    ['LT(1,KC_A', 12, 'unclosed parenthesis'],
    ['LT(1,KC_A))', 12, 'extra parenthesis'],
    ['KC_A KC_B', 12, 'two names'],
    ['OSM(0)', 12, 'no modifier'],
  ])('%s (protocol %i): %s', (text, protocol) => {
    expect(parseKeycode(text, protocol)).toBeNull();
  });
});

describe('deprecated aliases', () => {
  it.each([
    ['KC_TILD', 'LSFT(KC_GRV)'],
    ['KC_EXLM', 'LSFT(KC_1)'],
    ['KC_PIPE', 'LSFT(KC_BSLS)'],
    ['KC_DQT', 'LSFT(KC_QUOT)'],
    ['SPC_FN1', 'LT(1,KC_SPC)'],
    ['SPC_FN3', 'LT(3,KC_SPC)'],
    ['MACRO00', 'MACRO(0)'],
    ['MACRO15', 'MACRO(15)'],
    ['USER00', 'CUSTOM(0)'],
    ['USER15', 'CUSTOM(15)'],
  ])('%s loads as %s', (legacy, modern) => {
    for (const protocol of [10, 11, 12]) {
      expect(parseKeycode(legacy, protocol)).toBe(parseKeycode(modern, protocol));
      expect(parseKeycode(legacy, protocol)).not.toBeNull();
    }
  });
  it('only MACRO00–15 and USER00–15 are deprecated aliases', () => {
    expect(parseKeycode('MACRO16', 12)).toBeNull();
    expect(parseKeycode('USER16', 12)).toBeNull();
  });
});

describe('formatKeycode: display forms', () => {
  it.each([
    [0x0106, 12, 'LCTL(KC_C)'],
    [0x061e, 12, 'LSA(KC_1)'],
    [0x3128, 12, 'MT(MOD_RCTL,KC_ENT)'],
    [0x2f2b, 11, 'MT(MOD_LCTL|MOD_LSFT|MOD_LALT|MOD_LGUI,KC_TAB)'],
    [0x52b4, 12, 'OSM(MOD_RALT)'],
    [0x422c, 12, 'LT(2,KC_SPC)'],
    [0x5703, 12, 'TD(3)'],
    [0x7705, 12, 'MACRO(5)'],
    [0x7707, 11, 'MACRO(5)'],
    [0x7e02, 12, 'CUSTOM(2)'],
    [0x0b04, 12, 'LCTL(LSFT(LGUI(KC_A)))'],
    [0x7fff, 12, '0x7FFF'],
    [0xabcd, 12, '0xABCD'],
  ])('0x%s on %i → %s', (code, protocol, text) => {
    expect(formatKeycode(code, protocol)).toBe(text);
  });
});
