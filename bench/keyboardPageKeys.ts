/**
 * The 84 keys the bench's reference pages draw (a 75% layout's rows), each a labelled rectangle in the same
 * `keyboard-canvas … [role="button"]` markup the app draws, so one watcher notes when any of them shows.
 */
export const KEY_UNIT = 54;
/** Key widths per row, in units: 15 + 15 + 15 + 14 + 14 + 11 = 84 keys. */
const ROWS: number[][] = [
  [1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1],
  [1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 2, 1],
  [1.5, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1.5, 1],
  [1.75, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 2.25, 1],
  [2.25, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1.75, 1, 1],
  [1.25, 1.25, 1.25, 6.25, 1, 1, 1, 1, 1, 1, 1],
];
const LEGENDS =
  'Esc F1 F2 F3 F4 F5 F6 F7 F8 F9 F10 F11 F12 Del Ins Home ` 1 2 3 4 5 6 7 8 9 0 - = Bksp PgUp'.split(' ');

export interface PageKey {
  index: number;
  label: string;
  /** Position and width in pixels. */
  x: number;
  y: number;
  width: number;
}

export function pageKeys(): PageKey[] {
  const keys: PageKey[] = [];
  ROWS.forEach((row, r) => {
    let x = 0;
    for (const w of row) {
      const index = keys.length;
      keys.push({
        index,
        label: LEGENDS[index] ?? `K${index}`,
        x: x * KEY_UNIT,
        y: r * KEY_UNIT,
        width: w * KEY_UNIT - 4,
      });
      x += w;
    }
  });
  return keys;
}

export const PAGE_KEYS = ROWS.flat().length;
export const PAGE_WIDTH = 16 * KEY_UNIT;
export const PAGE_HEIGHT = ROWS.length * KEY_UNIT;
