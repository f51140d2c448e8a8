import { describe, expect, it } from 'vitest';
import type { KeyboardState } from './keyboardLoader.ts';
import { checkLayoutForKeyboard } from './layoutLoad.ts';

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

describe('Configure → Load checks a file against the keyboard as it is', () => {
  it('a Vial 5 keyboard (VIA protocol 9) takes press/release macros; a VIA protocol 9 keyboard cannot', () => {
    expect(checkLayoutForKeyboard(keyboard({ protocol: 5 }), layout, 'f').ok).toBe(true);
    expect(checkLayoutForKeyboard(keyboard(), layout, 'f').ok).toBe(false);
  });
});
