import { keyGeometry, UNITS, type KeyShape } from './geometry.ts';

/** How far (units) two neighbouring keys' centres may sit apart vertically and still be one row. */
const ROW_STEP = 0.75;
/** How wide a gap (units) may part two keys of one row (a split board's halves are further apart). */
const ROW_GAP = 0.75;
/** Rows whose mean heights are closer than this (units) are one band, read left to right (a split's halves). */
const BAND = 0.5;

interface Placed {
  index: number;
  x: number;
  y: number;
  left: number;
  right: number;
}

/**
 * The keys in reading order, as fast key mapping walks them: row by row from the top, left to right. A row is
 * the chain of keys side by side, each with the neighbour whose centre is nearest in height (and it with them),
 * so a column-staggered board's rows hold together although their keys' heights differ by up to ¾ unit, and a
 * tall key (ISO Enter, numpad +) joins the row it starts in. The rows of a split board's halves at one height
 * form one band, read left half first. Returns the keys' indexes in `shapes`.
 */
export function readingOrder(shapes: readonly KeyShape[]): number[] {
  const placed: Placed[] = shapes.map((shape, index) => {
    const { x, y } = keyGeometry(shape, UNITS).center;
    const half = (shape.w ?? 1) / 2;
    return { index, x, y, left: x - half, right: x + half };
  });
  const beside = (a: Placed, b: Placed) => {
    const gap = b.left - a.right;
    return gap > -0.5 && gap <= ROW_GAP && Math.abs(a.y - b.y) < ROW_STEP;
  };
  const nearest = (from: Placed, side: 'left' | 'right'): Placed | undefined => {
    let best: Placed | undefined;
    for (const other of placed) {
      if (other === from || !(side === 'right' ? beside(from, other) : beside(other, from))) continue;
      if (!best || Math.abs(other.y - from.y) < Math.abs(best.y - from.y)) best = other;
    }
    return best;
  };
  // Each key's row: the key it continues (its nearest left neighbour, when that one's nearest right is it).
  const row = placed.map((_, i) => i);
  const rowOf = (i: number): number => (row[i] === i ? i : rowOf(row[i]!));
  for (const key of placed) {
    const right = nearest(key, 'right');
    if (right && nearest(right, 'left') === key) row[rowOf(right.index)] = rowOf(key.index);
  }
  const rows = new Map<number, Placed[]>();
  for (const key of placed) rows.set(rowOf(key.index), [...(rows.get(rowOf(key.index)) ?? []), key]);
  const lines = [...rows.values()].map((keys) => ({
    keys: keys.sort((a, b) => a.x - b.x),
    y: keys.reduce((sum, k) => sum + k.y, 0) / keys.length,
    x: Math.min(...keys.map((k) => k.x)),
  }));
  lines.sort((a, b) => a.y - b.y);
  const bands: (typeof lines)[] = [];
  for (const line of lines) {
    const band = bands[bands.length - 1];
    if (band && line.y - band[0]!.y < BAND) band.push(line);
    else bands.push([line]);
  }
  return bands.flatMap((band) => band.sort((a, b) => a.x - b.x).flatMap((l) => l.keys.map((k) => k.index)));
}

/** The key fast key mapping selects after `index` (see `readingOrder`); null after the last. */
export function nextInReadingOrder(shapes: readonly KeyShape[], index: number): number | null {
  const order = readingOrder(shapes);
  const at = order.indexOf(index);
  return at < 0 ? null : (order[at + 1] ?? null);
}
