import { describe, expect, it } from 'vitest';
import type { KeyboardState } from './keyboardLoader.ts';
import {
  checkLayoutForKeyboard,
  layoutLeavingUnknown,
  withUnknownChoice,
  type UnknownNameChoice,
} from './layoutLoad.ts';

// Only what the check reads of a keyboard: its ids, matrix, numbering, layers, macros and Vial facts.
const keyboard = (vial?: { protocol: number }) =>
  ({
    definition: { vendorProductId: 42, matrix: { rows: 1, cols: 1 } },
    protocol: 9,
    layerCount: 1,
    keymap: [[4]],
    encoders: [],
    macros: { supported: true, count: 1, bufferSize: 64, bytes: new Uint8Array(64) },
    ...(vial ? { vial: { ...vial, uid: '0', vialRgb: false } } : {}),
  }) as unknown as KeyboardState;

const layout = JSON.stringify({
  name: 'x',
  vendorProductId: 42,
  layers: [['KC_A']],
  macros: ['{+KC_LSFT}a{-KC_LSFT}'],
});

const withMacro = (macro: string) => layout.replace('{+KC_LSFT}a{-KC_LSFT}', macro);

describe('Configure → Load checks a file against the keyboard as it is', () => {
  it('takes press/release macros on a VIA protocol 9 keyboard (its firmware plays them) and a Vial 5 one', () => {
    expect(checkLayoutForKeyboard(keyboard({ protocol: 5 }), layout, 'f').ok).toBe(true);
    expect(checkLayoutForKeyboard(keyboard(), layout, 'f').ok).toBe(true);
  });

  it('takes delays where the keyboard stores them: Vial 2 and later, not VIA protocol 9', () => {
    expect(checkLayoutForKeyboard(keyboard({ protocol: 5 }), withMacro('{12000}'), 'f').ok).toBe(true);
    expect(checkLayoutForKeyboard(keyboard({ protocol: 1 }), withMacro('{100}'), 'f').ok).toBe(false);
    expect(checkLayoutForKeyboard(keyboard(), withMacro('{100}'), 'f').ok).toBe(false);
  });

  it('refuses a macro bigger than the buffer in the check, before building it (issue #33)', () => {
    expect(checkLayoutForKeyboard(keyboard(), withMacro('x'.repeat(120_000)), 'f')).toEqual({
      ok: false,
      message: 'Could not import layout: macro 1: Macro size (120001) exceeds buffer size (64)',
      refusal: {
        code: 'layout.macro',
        values: { macro: '1', reason: { code: 'macro.size', values: { size: '120001', max: '64' } } },
      },
    });
  });
});

describe('Configure → Load: what the user chose for names the keyboard does not know', () => {
  const board = {
    ...(keyboard() as object),
    definition: { vendorProductId: 42, matrix: { rows: 1, cols: 3 } },
    keymap: [[4, 5, 6]],
  } as unknown as KeyboardState;
  const file = JSON.stringify({ name: 'x', vendorProductId: 42, layers: [['TD(X)', 'KC_B', 'MY_KEY']] });
  const checked = () => {
    const c = checkLayoutForKeyboard(board, file, 'keymap.json');
    if (!c.ok) throw new Error(c.message);
    return c.value;
  };
  const written = (choice: UnknownNameChoice) => {
    const layout = layoutLeavingUnknown(board, withUnknownChoice(checked(), choice));
    if (!layout.ok) throw new Error(layout.message);
    return layout.value.layers[0];
  };

  it('keep: those keys stay as the keyboard has them; none: KC_NO; pick: each its keycode, an empty one kept', () => {
    expect(checked().unknown.map((u) => u.name)).toEqual(['TD(X)', 'MY_KEY']);
    expect(written({ kind: 'keep' })).toEqual([4, 5, 6]);
    expect(written({ kind: 'none' })).toEqual([0, 5, 0]);
    expect(written({ kind: 'pick', codes: new Map([[0, 0x2d]]) })).toEqual([0x2d, 5, 6]);
  });
});
