import './fullKeycodeTables.ts';
import { formatWith, type Dialect, type Family } from './format.ts';
import { QMK_KEYCODES_LATEST } from './generated/qmkKeycodesMore.ts';
import { rangesFor } from './generations.ts';
import { parseWith } from './parse.ts';
import { fromQmk, type KeycodeEntry, type KeycodeTable } from './tables.ts';

/**
 * QMK's own names and text, for keymap.c and keymap.json (src/convert/). Kept out of index.ts: the first screen
 * never needs them.
 */

/** The VIA protocol whose keycode numbering is QMK's today (0.0.7). */
export const QMK_PROTOCOL = 12;

let qmkTable: KeycodeTable | null = null;

/**
 * QMK's own names in today's numbering (QMK_KEYCODES_LATEST, the data QMK generates its keycodes.h from) and
 * nothing else: no VIA names, no legacy aliases. A name read here means what it means in a QMK build, which is
 * what keymap.c and keymap.json text needs (VIA's protocol-12 table gives MI_C another number than QMK does).
 */
export function qmkKeycodeTable(): KeycodeTable {
  if (qmkTable) return qmkTable;
  const entries = fromQmk(QMK_KEYCODES_LATEST, () => false);
  const byCode = new Map<number, KeycodeEntry>();
  const byName = new Map<string, number>();
  for (const e of entries) {
    if (!byCode.has(e.code)) byCode.set(e.code, e);
    for (const n of [e.name, ...e.aliases])
      if (!byName.has(n.toUpperCase())) byName.set(n.toUpperCase(), e.code);
  }
  qmkTable = {
    generation: 'v12',
    byCode,
    byName,
    entries: [...byCode.values()].sort((a, b) => a.code - b.code),
  };
  return qmkTable;
}

/** The `FN(n)` forms QMK's headers define (MACRO(n) and CUSTOM(n) are Keyloom's and VIA's, not QMK's). */
const QMK_FAMILIES: ReadonlySet<Family> = new Set(['TO', 'MO', 'DF', 'TG', 'OSL', 'TT', 'PDF', 'TD']);

/**
 * Keycode number in today's QMK numbering → the C expression a QMK keymap writes for it: QMK's own names only
 * (`qmkKeycodeTable`: MC_3 for a VIA macro, QK_KB_0 for a keyboard keycode), QMK's macros (`LT(1, KC_A)`,
 * `MT(MOD_LCTL | MOD_LSFT, KC_ESC)`, `LCTL(LSFT(KC_T))`, `TD(2)`), hex `0x….` only where QMK has no name.
 * parseQmkKeycode(qmkKeycodeText(c)) === c for every 16-bit c.
 */
export function qmkKeycodeText(code: number): string {
  const table = qmkKeycodeTable();
  const dialect: Dialect = {
    name: (c) => table.byCode.get(c)?.name ?? null,
    families: (fn) => QMK_FAMILIES.has(fn),
    hexInWrapper: true,
  };
  return formatWith(code, QMK_PROTOCOL, dialect).replace(/,/g, ', ').replace(/\|/g, ' | ');
}

/**
 * Text → keycode number as a QMK build reads it (today's numbering, QMK's names only: `qmkKeycodeTable`), with
 * the same expressions and rules as `parseKeycode`. What keymap.c and keymap.json text means; null when invalid.
 */
export function parseQmkKeycode(text: string): number | null {
  return parseWith(text, qmkKeycodeTable(), rangesFor(QMK_PROTOCOL));
}
