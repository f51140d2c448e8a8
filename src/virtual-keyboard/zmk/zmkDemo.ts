import type { ZmkKeyGeometry } from '../../zmk/keymapData.ts';
import type { BoardBinding, BoardLayer, ZmkBoard } from './ZmkKeymapModel.ts';
import { OUT_BLE, OUT_USB } from './zmkBehaviorTable.ts';

/** ZMK's default USB ids (app/Kconfig), which the demo keeps as most boards do. */
export const ZMK_DEMO_IDS = { vendorId: 0x1d50, productId: 0x615e } as const;

const COLUMN_STAGGER = [50, 50, 25, 0, 25, 37];
const RIGHT_HALF_X = 850;

/**
 * The demo's keys in keymap order (row by row across both halves, then the thumbs), in centi-keyunits: a
 * column-staggered split of 3×6 per half with three thumb keys each, the outer thumbs turned 15°.
 * `columns` 5 leaves out each half's outer column; the kept keys stay where they are, so the firmware maps
 * them by position.
 */
function splitKeys(columns: 5 | 6): ZmkKeyGeometry[] {
  const keys: ZmkKeyGeometry[] = [];
  const key = (x: number, y: number, extra: Partial<ZmkKeyGeometry> = {}): ZmkKeyGeometry => ({
    width: 100,
    height: 100,
    x,
    y,
    r: 0,
    rx: 0,
    ry: 0,
    ...extra,
  });
  for (let row = 0; row < 3; row++) {
    for (let col = 6 - columns; col < 6; col++) keys.push(key(col * 100, row * 100 + COLUMN_STAGGER[col]!));
    for (let col = 0; col < columns; col++)
      keys.push(key(RIGHT_HALF_X + col * 100, row * 100 + COLUMN_STAGGER[5 - col]!));
  }
  keys.push(key(350, 340), key(450, 350), key(560, 330, { height: 150, r: 1500, rx: 610, ry: 405 }));
  keys.push(
    key(RIGHT_HALF_X - 110, 330, { height: 150, r: -1500, rx: RIGHT_HALF_X - 60, ry: 405 }),
    key(RIGHT_HALF_X, 350),
    key(RIGHT_HALF_X + 100, 340),
  );
  return keys;
}

const kp = (usage: number, mods = 0): BoardBinding => ({
  behavior: 'kp',
  param1: ((mods << 24) | 0x070000 | usage) >>> 0,
});
const consumer = (usage: number): BoardBinding => ({ behavior: 'kp', param1: 0x0c0000 | usage });
const b = (behavior: string, param1?: number, param2?: number): BoardBinding => ({
  behavior,
  ...(param1 !== undefined ? { param1 } : {}),
  ...(param2 !== undefined ? { param2 } : {}),
});
const TRANS = b('trans');
const LSFT = 0x02;

// HID keyboard usages (HID Usage Tables, page 7).
const A = 0x04;
const letters = (word: string) => [...word].map((c) => kp(A + c.charCodeAt(0) - 97));
const N1 = 0x1e;
const [ENTER, ESC, BSPC, TAB, SPACE] = [0x28, 0x29, 0x2a, 0x2b, 0x2c];
const [SEMI, SQT, COMMA, DOT, FSLH] = [0x33, 0x34, 0x36, 0x37, 0x38];
const [RIGHT, LEFT, DOWN, UP] = [0x4f, 0x50, 0x51, 0x52];
const [LCTRL, LSHFT, LGUI, RALT] = [0xe0, 0xe1, 0xe3, 0xe6];
const [C_MUTE, C_VOL_UP, C_VOL_DN] = [0xe2, 0xe9, 0xea];
const digits = (from: number, count: number, mods = 0) =>
  Array.from({ length: count }, (_, i) => kp(N1 + ((from + i + 9) % 10), mods));

// prettier-ignore
const BASE: BoardBinding[] = [
  kp(TAB), ...letters('qwert'), ...letters('yuiop'), kp(BSPC),
  b('mt', 0x070000 | LCTRL, 0x070000 | ESC), ...letters('asdfg'), ...letters('hjkl'), kp(SEMI), kp(SQT),
  kp(LSHFT), ...letters('zxcvb'), ...letters('nm'), kp(COMMA), kp(DOT), kp(FSLH), kp(ESC),
  kp(LGUI), b('mo', 1), kp(SPACE), b('lt', 2, 0x070000 | ENTER), b('sl', 3), kp(RALT),
];
// prettier-ignore
const LOWER: BoardBinding[] = [
  kp(TAB), ...digits(1, 5), ...digits(6, 5), kp(BSPC),
  TRANS, TRANS, TRANS, TRANS, TRANS, TRANS, kp(LEFT), kp(DOWN), kp(UP), kp(RIGHT), TRANS, TRANS,
  ...Array<BoardBinding>(12).fill(TRANS),
  TRANS, TRANS, TRANS, TRANS, b('mo', 3), TRANS,
];
// prettier-ignore
const RAISE: BoardBinding[] = [
  kp(TAB), ...digits(1, 5, LSFT), ...digits(6, 5, LSFT), kp(BSPC),
  ...Array<BoardBinding>(24).fill(TRANS),
  TRANS, b('mo', 3), TRANS, TRANS, TRANS, TRANS,
];
// prettier-ignore
const ADJUST: BoardBinding[] = [
  b('bt', 3, 0), b('bt', 3, 1), b('bt', 3, 2), b('bt', 0), b('none'), b('studio_unlock'),
  consumer(C_MUTE), consumer(C_VOL_DN), consumer(C_VOL_UP), b('none'), b('out', OUT_USB), b('out', OUT_BLE),
  b('to', 0), b('tog', 1), b('tog', 2), b('caps_word'), b('key_repeat'), b('none'),
  ...Array<BoardBinding>(6).fill(b('none')),
  b('sys_reset'), b('bootloader'), ...Array<BoardBinding>(10).fill(b('none')),
  TRANS, TRANS, TRANS, TRANS, TRANS, TRANS,
];

const layers: BoardLayer[] = [
  { name: 'Base', bindings: BASE },
  { name: 'Lower', bindings: LOWER },
  { name: 'Raise', bindings: RAISE },
  { name: 'Adjust', bindings: ADJUST },
  // Two spare slots for layers added through Studio (devicetree `status = "reserved"`, no name).
  { name: '', reserved: true },
  { name: '', reserved: true },
];

/**
 * The virtual ZMK keyboard (`?virtual=zmk-demo`): the central half of a 42-key split with two physical layouts
 * (6 columns, the stock one, and 5 columns), four layers and two reserved ones, Studio unlock on the Adjust
 * layer (the top row's sixth key).
 */
export const ZMK_DEMO_BOARD: ZmkBoard = {
  name: 'Keyloom Split 42',
  serialNumber: [0x4b, 0x4c, 0x5a, 0x4d, 0x4b, 0x00, 0x00, 0x2a],
  layouts: [
    { name: '6 columns', keys: splitKeys(6) },
    { name: '5 columns', keys: splitKeys(5) },
  ],
  defaultLayout: 0,
  layers,
  maxLayerNameLength: 20,
};
