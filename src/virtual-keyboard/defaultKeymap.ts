import { rangesFor } from '../keycodes/generations.ts';
import { keycodeTable } from '../keycodes/tables.ts';

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
];
const BOTTOM = [
  'KC_LCTL',
  'KC_LGUI',
  'KC_LALT',
  'KC_SPC',
  'KC_RALT',
  'MO(1)',
  'KC_RCTL',
  'KC_LEFT',
  'KC_DOWN',
  'KC_RGHT',
];
// A numpad by rows, top to bottom; a pad with fewer rows takes the first ones (7 8 9 / on top).
const PAD_ROWS = [
  ['KC_P7', 'KC_P8', 'KC_P9', 'KC_PSLS'],
  ['KC_P4', 'KC_P5', 'KC_P6', 'KC_PAST'],
  ['KC_P1', 'KC_P2', 'KC_P3', 'KC_PMNS'],
  ['KC_P0', 'KC_PDOT', 'KC_PENT', 'KC_PPLS'],
  ['KC_NUM', 'KC_BSPC', 'KC_TAB', 'KC_ESC'],
];

/**
 * A default keymap's name in the keyboard's own numbering (MO(1) is 0x5101 before protocol 11, 0x5221 after); 0
 * for a name the table lacks. They are all table names but MO(1), so the keycode parser, which the first screen
 * does not load, is not needed.
 */
export function keycodeNamed(name: string, protocol: number): number {
  return name === 'MO(1)' ? rangesFor(protocol).mo.base + 1 : (keycodeTable(protocol).byName.get(name) ?? 0);
}

type PlacedKey = { row: number; col: number; x: number; y: number; w?: number; ei?: number };

/**
 * Keys grouped into the rows a person sees: sorted by their top edge (a tall key such as ISO Enter belongs to
 * the row it starts in; a column set half a unit lower stays in its row), a new row starting three quarters
 * of a unit below the row's first key; each row left to right.
 */
function visualRows<K extends PlacedKey>(keys: readonly K[]): K[][] {
  const rows: K[][] = [];
  for (const k of [...keys].sort((a, b) => a.y - b.y || a.x - b.x)) {
    const last = rows.at(-1);
    if (last && k.y - last[0]!.y < 0.75) last.push(k);
    else rows.push([k]);
  }
  return rows.map((r) => r.sort((a, b) => a.x - b.x));
}

/**
 * A plausible layer-0 keymap for a board we only know the shape of, following the keys' positions: a US
 * layout by rows for keyboards (bottom row = modifiers and space), numpad rows for small pads. An encoder key
 * presses Mute. Layers above 0 stay transparent; layer 1 is reachable through MO(1).
 */
export function defaultKeymapFor(
  keys: readonly PlacedKey[],
  rows: number,
  cols: number,
  protocol: number,
  /** Keys of layout options (first choices): drawn elsewhere, they join the nearest row of the main keys. */
  optionKeys: readonly PlacedKey[] = [],
): number[][] {
  const code = (name: string) => keycodeNamed(name, protocol);
  const layer0 = new Array<number>(rows * cols).fill(0);
  const inMatrix = keys.filter((k) => k.row >= 0 && k.col >= 0 && k.row < rows && k.col < cols);
  const set = (k: PlacedKey, name: string) => {
    // A position drawn twice (layout options) keeps its first name.
    if (layer0[k.row * cols + k.col] === 0) layer0[k.row * cols + k.col] = code(name);
  };
  inMatrix.filter((k) => k.ei !== undefined).forEach((k) => set(k, 'KC_MUTE'));
  const real = inMatrix.filter((k) => k.ei === undefined);
  const ordered = visualRows(real);
  const taken = new Set(real.map((k) => k.row * cols + k.col));
  for (const k of optionKeys) {
    if (k.ei !== undefined || k.row < 0 || k.col < 0 || k.row >= rows || k.col >= cols) continue;
    if (taken.has(k.row * cols + k.col) || ordered.length === 0) continue;
    taken.add(k.row * cols + k.col);
    const near = ordered.reduce((best, r) =>
      Math.abs(r[0]!.y - k.y) < Math.abs(best[0]!.y - k.y) ? r : best,
    );
    near.push(k);
    near.sort((a, b) => a.x - b.x);
  }
  if (real.length <= 24 || ordered.length < 4) {
    ordered.forEach((row, i) => row.forEach((k, j) => set(k, PAD_ROWS[i % PAD_ROWS.length]![j % 4]!)));
  } else {
    const full = [...ROWS, BOTTOM];
    const template = full.slice(Math.max(0, full.length - ordered.length));
    ordered.forEach((row, i) => {
      const names = template[i - Math.max(0, ordered.length - full.length)] ?? [];
      if (i < ordered.length - 1) {
        row.forEach((k, j) => set(k, names[j] ?? 'KC_NO'));
        return;
      }
      // The bottom row: modifiers left of the widest key (the space bar), then right Alt, MO(1), right
      // Ctrl and the arrows in order after it.
      const space = row.reduce((wide, k, j) => ((k.w ?? 1) > (row[wide]!.w ?? 1) ? j : wide), 0);
      const spaceAt = BOTTOM.indexOf('KC_SPC');
      row.forEach((k, j) => {
        const name =
          j === space && (k.w ?? 1) >= 4
            ? 'KC_SPC'
            : j < space
              ? BOTTOM[Math.max(0, spaceAt - (space - j))]!
              : (BOTTOM[spaceAt + (j - space)] ?? 'KC_NO');
        set(k, name);
      });
    });
  }
  return [layer0];
}
