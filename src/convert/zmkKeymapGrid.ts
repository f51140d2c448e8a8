import type { ZmkKeyGeometry } from '../zmk/ZmkKeymap.ts';

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
  const count = Math.max(0, ...layers.map((l) => l.length));
  const places = placesOf(keys, count);
  const rows: number[][] = [];
  places.forEach((place, p) => {
    const previous = places[p - 1];
    if (!previous || place.x < previous.x || place.y - previous.y >= 100) rows.push([p]);
    else rows[rows.length - 1]!.push(p);
  });
  const width = places.map((_, p) => Math.max(...layers.map((l) => (l[p] ?? '').length)));
  const slot = (p: number) => Math.round(places[p]!.x / SLOT);

  // Each slot's first text column: after every key left of it in a row, and never left of a slot further left.
  const before = new Map<number, number[]>();
  for (const row of rows)
    row.forEach((p, i) => {
      if (i > 0) before.set(p, [row[i - 1]!]);
    });
  const slots = [...new Set(places.map((_, p) => slot(p)))].sort((a, b) => a - b);
  const start = new Map<number, number>();
  let last = 0;
  for (const s of slots) {
    let column = last;
    for (let p = 0; p < places.length; p++) {
      if (slot(p) !== s) continue;
      for (const q of before.get(p) ?? []) {
        if (slot(q) === s) continue;
        const gap = places[p]!.x - (places[q]!.x + places[q]!.width) >= WIDE_GAP ? WIDE_GAP_SPACES : 0;
        column = Math.max(column, start.get(slot(q))! + width[q]! + 1 + gap);
      }
    }
    start.set(s, column);
    last = column;
  }

  return layers.map((cells) =>
    rows.map((row) => {
      let line = '';
      for (const p of row) {
        // Two keys in one slot (overlapping keys) push the second one along.
        const column = Math.max(start.get(slot(p))!, line.length === 0 ? 0 : line.length + 1);
        line = line.padEnd(column) + (cells[p] ?? '');
      }
      return line.trimEnd();
    }),
  );
}
