import type { ZmkKeyGeometry } from '../zmk/keymapData.ts';

/** Centi-keyunits per text slot: keys whose left edges are this close share a column of text. */
const SLOT = 25;
/** A gap between two keys of a row this wide (a split's halves) is shown as extra spaces. */
const WIDE_GAP = 100;
const WIDE_GAP_SPACES = 4;
/** Positions with no key in the layout (or no layout at all) are written this many to a line. */
const LOOSE_PER_LINE = 10;

/**
 * The keys' places for the positions: the layout's, then, for positions it does not draw, 1u keys in lines of
 * ten below it (so they still line up).
 */
function placesOf(keys: readonly ZmkKeyGeometry[], count: number): { x: number; y: number; width: number }[] {
  const drawn = keys.slice(0, count).map(({ x, y, width }) => ({ x, y, width }));
  const bottom = drawn.reduce((max, k) => Math.max(max, k.y + 100), 0);
  for (let j = 0; drawn.length < count; j++)
    drawn.push({
      x: (j % LOOSE_PER_LINE) * 100,
      y: bottom + Math.floor(j / LOOSE_PER_LINE) * 100,
      width: 100,
    });
  return drawn;
}

/**
 * Binding cells laid out like the keyboard: one line per row of keys, each key's text starting in the column of
 * text its left edge falls in, the same columns on every layer. A row ends where the next key lies left of the
 * last one, or a key height below it (keymap order runs row by row on ZMK boards; a column stagger stays in its
 * row). Rotation is ignored: a turned thumb key sits where its unturned corner is.
 *
 * @param layers `[layer][position]` binding texts.
 * @param keys The selected physical layout's keys, in position order (centi-keyunits).
 * @returns `[layer][line]` text lines without indentation or trailing spaces.
 */
export function zmkKeymapGrid(
  layers: readonly (readonly string[])[],
  keys: readonly ZmkKeyGeometry[],
): string[][] {
  const count = layers.reduce((max, l) => Math.max(max, l.length), 0);
  const places = placesOf(keys, count);
  const rows: number[][] = [];
  places.forEach((place, p) => {
    const previous = places[p - 1];
    if (!previous || place.x < previous.x || place.y - previous.y >= 100) rows.push([p]);
    else rows[rows.length - 1]!.push(p);
  });
  const width = places.map((_, p) => layers.reduce((max, l) => Math.max(max, (l[p] ?? '').length), 0));
  const slot = (p: number) => Math.round(places[p]!.x / SLOT);

  // Each slot's first text column: after every key left of it in a row, and never left of a slot further left.
  // One pass over the positions grouped by slot (linear: a board of 20,000 keys is as quick as its size).
  const bySlot = new Map<number, number[]>();
  places.forEach((_, p) => {
    const inSlot = bySlot.get(slot(p));
    if (inSlot) inSlot.push(p);
    else bySlot.set(slot(p), [p]);
  });
  const previousInRow = new Map<number, number>();
  for (const row of rows) row.forEach((p, i) => i > 0 && previousInRow.set(p, row[i - 1]!));
  const start = new Map<number, number>();
  let last = 0;
  for (const s of [...bySlot.keys()].sort((a, b) => a - b)) {
    let column = last;
    for (const p of bySlot.get(s)!) {
      const q = previousInRow.get(p);
      if (q === undefined || slot(q) === s) continue;
      const gap = places[p]!.x - (places[q]!.x + places[q]!.width) >= WIDE_GAP ? WIDE_GAP_SPACES : 0;
      column = Math.max(column, start.get(slot(q))! + width[q]! + 1 + gap);
    }
    start.set(s, column);
    last = column;
  }

  return layers.map((cells) =>
    rows.map((row) => {
      // Pieces joined once: padding a growing line key by key would copy it for every key.
      const pieces: string[] = [];
      let length = 0;
      for (const p of row) {
        // Two keys in one slot (overlapping keys) push the second one along.
        const column = Math.max(start.get(slot(p))!, length === 0 ? 0 : length + 1);
        const cell = cells[p] ?? '';
        pieces.push(' '.repeat(column - length), cell);
        length = column + cell.length;
      }
      return pieces.join('').trimEnd();
    }),
  );
}
