import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseKeycode } from '../keycodes/parse.ts';
import { qmkBindingModel } from './qmkBindingModel.ts';
import { fallThroughs, resolveKey, type Landing } from './transparency.ts';

const model = qmkBindingModel(12);
const KC_TRNS = 0x01;
const code = (text: string) => parseKeycode(text, 12)!;

/** The walk a person does: this layer's key, else down through the active layers one by one. */
function walk(keymap: number[][], layer: number, index: number, active: number[]): Landing<number> | null {
  for (let l = layer; l >= 0; l--) {
    if (l !== layer && !active.includes(l)) continue;
    const binding = keymap[l]![index]!;
    if (binding !== KC_TRNS) return { binding, layer: l };
  }
  return null;
}

// Keymaps of 1–8 layers and 1–24 positions, half of the keys transparent.
const keymaps = fc
  .tuple(fc.integer({ min: 1, max: 8 }), fc.integer({ min: 1, max: 24 }))
  .chain(([layers, keys]) =>
    fc.record({
      keymap: fc.array(
        fc.array(fc.oneof(fc.constant(KC_TRNS), fc.integer({ min: 0, max: 0xffff })), {
          minLength: keys,
          maxLength: keys,
        }),
        { minLength: layers, maxLength: layers },
      ),
      layer: fc.integer({ min: 0, max: layers - 1 }),
      active: fc.array(fc.integer({ min: -1, max: layers + 1 }), { maxLength: 6 }),
    }),
  );

describe('transparency', () => {
  it('a transparent key over the base layer lands on the base key', () => {
    const keymap = [
      [code('KC_A'), code('MO(1)')],
      [KC_TRNS, KC_TRNS],
    ];
    expect(resolveKey(keymap, model, 1, 0, [0])).toEqual({ binding: code('KC_A'), layer: 0 });
    expect(fallThroughs(keymap, model, 1, [0])).toEqual([
      { binding: code('KC_A'), layer: 0 },
      { binding: code('MO(1)'), layer: 0 },
    ]);
  });

  it('takes the highest active layer that is not transparent, and skips the ones not marked active', () => {
    const keymap = [[code('KC_A')], [code('KC_B')], [KC_TRNS], [KC_TRNS]];
    expect(resolveKey(keymap, model, 3, 0, [0, 1, 2])).toEqual({ binding: code('KC_B'), layer: 1 });
    expect(resolveKey(keymap, model, 3, 0, [0, 2])).toEqual({ binding: code('KC_A'), layer: 0 });
    expect(fallThroughs(keymap, model, 3, [0, 2])[0]).toEqual({ binding: code('KC_A'), layer: 0 });
  });

  it('a key with its own binding does not fall through; all-transparent falls to nothing', () => {
    const keymap = [
      [KC_TRNS, code('KC_C')],
      [code('KC_D'), KC_TRNS],
    ];
    expect(fallThroughs(keymap, model, 1, [0])).toEqual([undefined, { binding: code('KC_C'), layer: 0 }]);
    expect(resolveKey(keymap, model, 0, 0, [])).toBeNull();
    expect(fallThroughs(keymap, model, 0, [])).toEqual([null, undefined]);
  });

  it('the resolved key equals the hand-written layer walk (property)', () => {
    fc.assert(
      fc.property(keymaps, ({ keymap, layer, active }) => {
        const overlay = fallThroughs(keymap, model, layer, active);
        keymap[layer]!.forEach((binding, index) => {
          const walked = walk(keymap, layer, index, active);
          expect(resolveKey(keymap, model, layer, index, active)).toEqual(walked);
          expect(overlay[index]).toEqual(binding === KC_TRNS ? walked : undefined);
        });
      }),
      { numRuns: 400 },
    );
  });
});
