import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatKeycode } from '../keycodes/format.ts';
import { parseKeycode } from '../keycodes/parse.ts';
import { scriptToMacro } from '../macros/macroCodec.ts';
import { findBindings } from './findBindings.ts';
import { keycodeQuery } from './keycodeQuery.ts';
import { keysHostCannotSee, keysTyping } from './hostKeys.ts';
import { qmkBindingModel } from './qmkBindingModel.ts';

const code = (text: string) => parseKeycode(text, 12)!;
const keymap = [
  ['KC_A', 'KC_APP', 'LCTL(KC_A)', 'MO(1)'].map(code),
  ['LT(2,KC_A)', 'KC_VOLU', 'KC_TRNS', 'KC_VOLD'].map(code),
];
const encoders = [[[code('KC_VOLU'), code('KC_A')] as const], [[code('KC_B'), code('KC_C')] as const]];
const find = (text: string) => findBindings({ keymap, encoders }, keycodeQuery(text, 12)!.matches);
const keys = (text: string) => find(text).flatMap((p) => (p.kind === 'key' ? [[p.layer, p.index]] : []));

describe('find', () => {
  it('a keycode finds itself and the keys that tap it, not names that start with it', () => {
    expect(keys('KC_A')).toEqual([
      [0, 0],
      [0, 2],
      [1, 0],
    ]);
    // Without KC_, in any case: the same keycode.
    expect(keys('a')).toEqual(keys('KC_A'));
    expect(find('KC_A').filter((p) => p.kind === 'encoder')).toEqual([
      { kind: 'encoder', layer: 0, encoder: 0, clockwise: false },
    ]);
  });

  it('expressions, parts of names and whole legends', () => {
    expect(keys('MO(1)')).toEqual([[0, 3]]);
    expect(keys('mo(')).toEqual([[0, 3]]);
    expect(keys('vol')).toEqual([
      [1, 1],
      [1, 3],
    ]);
    expect(keys('0x5221')).toEqual([[0, 3]]);
    expect(keycodeQuery('   ', 12)).toBeNull();
  });

  it('macros that press the key, or type the text', () => {
    const macros = [scriptToMacro('{KC_LCTL,KC_A}', 12), scriptToMacro('hello world', 12)];
    const hits = (text: string) =>
      macros.flatMap((m, i) => (keycodeQuery(text, 12)!.matchesMacro(m) ? [i] : []));
    expect(hits('KC_A')).toEqual([0]);
    expect(hits('hello')).toEqual([1]);
    expect(hits('KC_B')).toEqual([]);
  });

  it('every place holding a keycode is found by its name (property)', () => {
    const pool = ['KC_A', 'KC_SPC', 'MO(1)', 'LT(1,KC_ESC)', 'KC_VOLU', 'TG(3)', 'QK_BOOT'].map(code);
    fc.assert(
      fc.property(
        fc.array(fc.array(fc.constantFrom(...pool), { minLength: 5, maxLength: 5 }), {
          minLength: 1,
          maxLength: 4,
        }),
        fc.constantFrom(...pool),
        (map, wanted) => {
          const found = findBindings({ keymap: map }, keycodeQuery(formatKeycode(wanted, 12), 12)!.matches);
          const places = map.flatMap((row, layer) =>
            row.flatMap((c, index) => (c === wanted ? [{ kind: 'key', layer, index }] : [])),
          );
          for (const place of places) expect(found).toContainEqual(place);
        },
      ),
    );
  });
});

describe('select by pressing', () => {
  const model = qmkBindingModel(12);
  const base = ['KC_A', 'LT(1,KC_A)', 'MO(1)', 'KC_B', 'QK_BOOT', 'KC_A'].map(code);
  it('every key that types the pressed key is a candidate', () => {
    expect(keysTyping(base, model, 0x04)).toEqual([0, 1, 5]);
    expect(keysTyping(base, model, 0x05, [0, 1, 2])).toEqual([]);
  });
  it('keys the computer never sees cannot be selected that way', () => {
    expect(keysHostCannotSee(base, model)).toEqual([2, 4]);
  });
});
