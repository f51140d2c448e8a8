import { describe, expect, it } from 'vitest';
import type { KeyShape } from './geometry.ts';
import { nextInReadingOrder, readingOrder } from './readingOrder.ts';

/** Columns' heights (units) of a column-staggered half, pinky to index: the pinky lowest, the middle highest. */
const STAGGER = [0.625, 0.25, 0, 0.125, 0.375];

/** A split, column-staggered board (3 rows × 5 columns a half, 3 units apart), keys listed row by row. */
function splitBoard(): KeyShape[] {
  const keys: KeyShape[] = [];
  for (let row = 0; row < 3; row++) {
    for (let col = 0; col < 5; col++) keys.push({ x: col, y: row + STAGGER[col]! });
    for (let col = 0; col < 5; col++) keys.push({ x: 8 + col, y: row + STAGGER[4 - col]! });
  }
  // Thumbs, the outer one rotated.
  keys.push({ x: 3, y: 3.5 }, { x: 4, y: 3.5, r: 15, rx: 4, ry: 3.5 }, { x: 8, y: 3.5 }, { x: 9, y: 3.5 });
  return keys;
}

describe('readingOrder', () => {
  it('walks a column-staggered split board row by row across both halves, as its keymap runs', () => {
    const keys = splitBoard();
    expect(readingOrder(keys)).toEqual(keys.map((_, i) => i));
  });

  it('keeps screen order on a row-staggered board (a key listed out of place comes in its row)', () => {
    const keys: KeyShape[] = [
      { x: 0, y: 0 },
      { x: 1, y: 0 },
      { x: 0, y: 1, w: 1.5 },
      { x: 1.5, y: 1 },
      { x: 2, y: 0 },
    ];
    expect(readingOrder(keys)).toEqual([0, 1, 4, 2, 3]);
  });

  it('reads an ISO Enter with the row it starts in', () => {
    const keys: KeyShape[] = [
      { x: 0, y: 1 },
      { x: 1, y: 1 },
      { x: 2.25, y: 1, w: 1.25, h: 2, x2: -0.25, w2: 1.5, h2: 1 },
      { x: 0, y: 2, w: 1.25 },
      { x: 1.25, y: 2 },
    ];
    expect(readingOrder(keys)).toEqual([0, 1, 2, 3, 4]);
  });

  it('says which key follows, and none after the last or for a key not drawn', () => {
    const keys = splitBoard();
    expect(nextInReadingOrder(keys, 4)).toBe(5);
    expect(nextInReadingOrder(keys, 9)).toBe(10);
    expect(nextInReadingOrder(keys, keys.length - 1)).toBeNull();
    expect(nextInReadingOrder(keys, 99)).toBeNull();
  });
});
