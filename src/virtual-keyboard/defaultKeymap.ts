import { parseKeycode } from '../keycodes/parse.ts';

// Typing-order rows, bottom row last; names resolve through the protocol-12 table.
const ROWS = [
  [
    'KC_ESC',
    'KC_F1',
    'KC_F2',
    'KC_F3',
    'KC_F4',
    'KC_F5',
    'KC_F6',
    'KC_F7',
    'KC_F8',
    'KC_F9',
    'KC_F10',
    'KC_F11',
    'KC_F12',
    'KC_PSCR',
    'KC_DEL',
    'KC_HOME',
    'KC_END',
  ],
  [
    'KC_GRV',
    'KC_1',
    'KC_2',
    'KC_3',
    'KC_4',
    'KC_5',
    'KC_6',
    'KC_7',
    'KC_8',
    'KC_9',
    'KC_0',
    'KC_MINS',
    'KC_EQL',
    'KC_BSPC',
    'KC_HOME',
    'KC_PGUP',
    'KC_INS',
  ],
  [
    'KC_TAB',
    'KC_Q',
    'KC_W',
    'KC_E',
    'KC_R',
    'KC_T',
    'KC_Y',
    'KC_U',
    'KC_I',
    'KC_O',
    'KC_P',
    'KC_LBRC',
    'KC_RBRC',
    'KC_BSLS',
    'KC_DEL',
    'KC_PGDN',
    'KC_END',
  ],
  [
    'KC_CAPS',
    'KC_A',
    'KC_S',
    'KC_D',
    'KC_F',
    'KC_G',
    'KC_H',
    'KC_J',
    'KC_K',
    'KC_L',
    'KC_SCLN',
    'KC_QUOT',
    'KC_ENT',
    'KC_PGUP',
    'KC_HOME',
  ],
  [
    'KC_LSFT',
    'KC_Z',
    'KC_X',
    'KC_C',
    'KC_V',
    'KC_B',
    'KC_N',
    'KC_M',
    'KC_COMM',
    'KC_DOT',
    'KC_SLSH',
    'KC_RSFT',
    'KC_UP',
    'KC_PGDN',
    'KC_END',
  ],
  ['KC_LCTL', 'KC_LGUI', 'KC_LALT', 'KC_SPC', 'KC_RALT', 'MO(1)', 'KC_RCTL', 'KC_LEFT', 'KC_DOWN', 'KC_RGHT'],
];
const PAD = [
  'KC_P7',
  'KC_P8',
  'KC_P9',
  'KC_PSLS',
  'KC_P4',
  'KC_P5',
  'KC_P6',
  'KC_PAST',
  'KC_P1',
  'KC_P2',
  'KC_P3',
  'KC_PMNS',
  'KC_P0',
  'KC_PDOT',
  'KC_PENT',
  'KC_PPLS',
];

/**
 * A plausible layer-0 keymap for a board we only know the shape of: keys grouped into visual rows and filled
 * in typing order (bottom row = modifiers and space), or numpad keys for small pads. Layers above 0 stay
 * transparent; layer 1 is reachable through MO(1).
 */
export function defaultKeymapFor(
  keys: readonly { row: number; col: number; x: number; y: number; w?: number }[],
  rows: number,
  cols: number,
  protocol: number,
): number[][] {
  // Names resolve in the keyboard's own numbering (MO(1) is 0x5101 before protocol 11, 0x5221 after).
  const code = (name: string) => parseKeycode(name, protocol) ?? 0;
  const layer0 = new Array<number>(rows * cols).fill(0);
  const real = keys.filter((k) => k.row >= 0 && k.col >= 0 && k.row < rows && k.col < cols);
  const visualRows = new Map<number, typeof real>();
  for (const k of real) {
    const y = Math.round(k.y);
    visualRows.set(y, [...(visualRows.get(y) ?? []), k]);
  }
  const ordered = [...visualRows.entries()]
    .sort(([a], [b]) => a - b)
    .map(([, r]) => r.sort((a, b) => a.x - b.x));
  if (real.length <= 24 || ordered.length < 4) {
    real
      .sort((a, b) => a.y - b.y || a.x - b.x)
      .forEach((k, i) => (layer0[k.row * cols + k.col] = code(PAD[i % PAD.length]!)));
  } else {
    const template = ROWS.slice(Math.max(0, ROWS.length - ordered.length));
    ordered.forEach((row, i) => {
      const names = template[i] ?? [];
      const bottom = i === ordered.length - 1;
      row.forEach((k, j) => {
        // On the bottom row the widest key is the space bar.
        const name =
          bottom && (k.w ?? 1) >= 4
            ? 'KC_SPC'
            : bottom && j >= 3
              ? (names[j + 1] ?? 'KC_NO')
              : (names[j] ?? 'KC_NO');
        if (layer0[k.row * cols + k.col] === 0) layer0[k.row * cols + k.col] = code(name);
      });
    });
  }
  return [layer0];
}
