import type { VirtualKeyboardConfig } from '../config.ts';
import { createVialModel } from './VialModel.ts';
import { bootKeycode } from './bootKeycode.ts';
import { xzStore } from './xzStore.ts';

type Kle = (string | Record<string, unknown>)[][];

// Vial draws an encoder as two keys: label 0 "index,direction" (0 counter-clockwise, 1 clockwise) and label 4
// "e" (the tenth line of a KLE legend at the default alignment). Label 8 "option,choice" (fourth line) is a
// layout option, as in VIA.
const encoder = (index: number, direction: number) => `${index},${direction}\n\n\n\n\n\n\n\n\ne`;
const option = (matrix: string, choice: number) => `${matrix}\n\n\n0,${choice}`;
const keys = (row: number, from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, i) => `${row},${from + i}`);

const KEYMAP: Kle = [
  ['0,0', ...keys(0, 1, 10), { w: 2 }, option('0,11', 0), { x: 0.5 }, encoder(0, 0), encoder(0, 1)],
  [{ w: 1.5 }, '1,0', ...keys(1, 1, 10), { w: 1.5 }, '1,11', { x: 0.5 }, encoder(1, 0), encoder(1, 1)],
  [{ w: 1.75 }, '2,0', ...keys(2, 1, 10), { w: 1.25 }, '2,11'],
  [{ w: 1.25 }, '3,0', ...keys(3, 1, 10), { w: 1.75 }, '3,11'],
  [{ w: 1.25 }, '4,0', { w: 1.25 }, '4,1', { w: 1.25 }, '4,2', { w: 6.25 }, '4,5', '4,8', '4,9', '4,10'],
  [{ y: 0.5, x: 11 }, option('0,11', 1), option('0,12', 1)],
];

/**
 * The Vial demo board's vial.json, in Vial's own form: a KLE keymap with `row,col` keys, encoders drawn Vial's
 * way, a layout option (split backspace), VialRGB lighting (the Vial 5 board: QMK rgblight), no vendor/product
 * id (the USB ids name the board). The firmware model stores it xz-compressed, as vial-qmk does.
 */
export const VIAL_DEMO_DEFINITION = {
  name: 'Keyloom Vial 60',
  lighting: 'vialrgb',
  matrix: { rows: 5, cols: 13 },
  layouts: { labels: ['Split Backspace'], keymap: KEYMAP },
};

/**
 * The demo's RGB Matrix build: 17 effects (two get supported replies: 15 fit in one) and a brightness ceiling
 * of 200 (RGB_MATRIX_MAXIMUM_BRIGHTNESS, as many boards limit their LEDs' current).
 */
export const VIAL_DEMO_RGB = {
  effects: [2, 3, 4, 5, 6, 12, 13, 14, 16, 19, 24, 28, 29, 31, 39, 42, 43],
  maxBrightness: 200,
} as const;

/** USB ids of the Vial demo boards (the Keyloom vendor id; Vial boards need no served definition). */
export const VIAL_DEMO_IDS = { vendorId: 0x4b4c, productId: 0x0010 } as const;
/** The Vial protocol 5 board (QMK's old keycode numbering) has its own product id. */
export const VIAL_DEMO_V5_PRODUCT_ID = 0x0011;

// Layer 0 in matrix order: a 60% in US layout; column 12 is the split backspace's second key (Delete).
const BASE: readonly (readonly number[])[] = [
  [0x29, 0x1e, 0x1f, 0x20, 0x21, 0x22, 0x23, 0x24, 0x25, 0x26, 0x27, 0x2a, 0x4c],
  [0x2b, 0x14, 0x1a, 0x08, 0x15, 0x17, 0x1c, 0x18, 0x0c, 0x12, 0x13, 0x31],
  [0x39, 0x04, 0x16, 0x07, 0x09, 0x0a, 0x0b, 0x0d, 0x0e, 0x0f, 0x33, 0x28],
  [0xe1, 0x1d, 0x1b, 0x06, 0x19, 0x05, 0x11, 0x10, 0x36, 0x37, 0x38, 0xe5],
  [0xe0, 0xe3, 0xe2, 0, 0, 0x2c, 0, 0, 0xe6, -1, 0xe4],
];

/**
 * A virtual Vial keyboard: VIA protocol 9 (all vial-qmk reports), Vial protocol `vialProtocol` (6: QMK's new
 * keycode numbering; 5 and below: the old one), 4 layers, 2 encoders, 16 macros, tap dance / combos / key
 * overrides (16 each: a 4 kB EEPROM), QMK settings, Esc + Enter as the unlock keys, and VialRGB (Vial 6 board).
 */
export function vialDemoConfig(vialProtocol = 6): VirtualKeyboardConfig {
  const newNumbering = vialProtocol >= 6;
  const mo1 = newNumbering ? 0x5221 : 0x5101;
  const cols = VIAL_DEMO_DEFINITION.matrix.cols;
  const layer0 = BASE.flatMap((row) => [
    ...row.map((c) => (c < 0 ? mo1 : c)),
    ...Array(cols - row.length).fill(0),
  ]);
  const fnLayer = Array<number>(5 * cols).fill(0x01);
  for (let col = 1; col <= 10; col++) fnLayer[col] = 0x3a + col - 1; // F1–F10 over the number row
  fnLayer[cols] = bootKeycode(vialProtocol); // Tab position: QK_BOOT, as many Vial keymaps have it
  const definition = new TextEncoder().encode(
    JSON.stringify(
      newNumbering ? VIAL_DEMO_DEFINITION : { ...VIAL_DEMO_DEFINITION, lighting: 'qmk_rgblight' },
    ),
  );
  return {
    name: newNumbering ? 'Keyloom Vial 60' : 'Keyloom Vial 60 (Vial 5)',
    vendorId: VIAL_DEMO_IDS.vendorId,
    productId: newNumbering ? VIAL_DEMO_IDS.productId : VIAL_DEMO_V5_PRODUCT_ID,
    protocol: 9,
    rows: 5,
    cols,
    layers: 4,
    macroCount: 16,
    macroBufferSize: 900,
    encoders: 2,
    layoutOptionBytes: 1,
    defaultKeymap: [layer0, fnLayer],
    // [clockwise, counter-clockwise]: volume on the first, arrows on the second.
    defaultEncoders: [
      [
        [0xa9, 0xaa],
        [0x4f, 0x50],
      ],
    ],
    // The Vial 5 board: QMK rgblight's values (VIA's v2 lighting ids 0x80–0x83), lit like the other demos.
    ...(newNumbering
      ? {}
      : {
          lightingValues: [
            { valueId: 0x80, length: 1, initial: [200] },
            { valueId: 0x81, length: 1, initial: [1] },
            { valueId: 0x82, length: 1, initial: [1] },
            { valueId: 0x83, length: 2, initial: [170, 255] },
          ],
        }),
    allowEepromReset: true,
    bootloaderJump: true,
    vial: {
      createModel: createVialModel,
      protocol: vialProtocol,
      uid: [0x31, 0x30, 0x4c, 0x41, 0x49, 0x56, 0x4c, newNumbering ? 0x4b : 0x35],
      definition: xzStore(definition),
      unlockKeys: [
        [0, 0],
        [2, 11],
      ],
      // Tap dance and combos came with Vial protocol 4, key overrides with 5.
      tapDance: vialProtocol >= 4 ? 16 : 0,
      combos: vialProtocol >= 4 ? 16 : 0,
      keyOverrides: vialProtocol >= 5 ? 16 : 0,
      qmkSettings: vialProtocol >= 4,
      ...(newNumbering ? { vialRgb: VIAL_DEMO_RGB } : {}),
    },
  };
}
