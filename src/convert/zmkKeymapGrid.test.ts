import { describe, expect, it } from 'vitest';
import type { ZmkKeyGeometry } from '../zmk/keymapData.ts';
import { zmkKeymapGrid } from './zmkKeymapGrid.ts';

const key = (x: number, y: number, width = 100): ZmkKeyGeometry => ({
  x,
  y,
  width,
  height: 100,
  r: 0,
  rx: 0,
  ry: 0,
});

describe('bindings in rows of the physical layout', () => {
  it('starts a row where the next key lies left of the last, keeps a column stagger in its row', () => {
    const keys = [key(0, 50), key(100, 0), key(200, 25), key(0, 150), key(100, 100), key(200, 125)];
    const [lines] = zmkKeymapGrid([['&kp A', '&kp B', '&kp C', '&kp D', '&kp E', '&kp F']], keys);
    expect(lines).toEqual(['&kp A &kp B &kp C', '&kp D &kp E &kp F']);
  });

  it('lines every layer up in the same columns, as wide as the widest binding there', () => {
    const keys = [key(0, 0), key(100, 0), key(0, 100), key(100, 100)];
    const grids = zmkKeymapGrid(
      [
        ['&mt LCTRL ESC', '&kp B', '&kp C', '&kp D'],
        ['&trans', '&trans', '&trans', '&trans'],
      ],
      keys,
    );
    expect(grids).toEqual([
      ['&mt LCTRL ESC &kp B', '&kp C         &kp D'],
      ['&trans        &trans', '&trans        &trans'],
    ]);
  });

  it("shows a split's gap, and a shorter row's keys under their own columns", () => {
    const keys = [key(0, 0), key(100, 0), key(350, 0), key(450, 0), key(100, 100), key(350, 100)];
    const [lines] = zmkKeymapGrid([['&kp A', '&kp B', '&kp C', '&kp D', '&kp E', '&kp F']], keys);
    expect(lines).toEqual(['&kp A &kp B     &kp C &kp D', '      &kp E     &kp F']);
  });

  it('writes positions the layout does not draw below it, ten to a line', () => {
    const cells = Array.from({ length: 13 }, (_, i) => `&kp N${i % 10}`);
    const [lines] = zmkKeymapGrid([cells], [key(0, 0)]);
    expect(lines).toHaveLength(3);
    expect(lines![0]).toBe('&kp N0');
    expect(lines![1]!.split(/\s+/).filter((t) => t !== '&kp')).toHaveLength(10);
    expect(lines![2]).toBe('&kp N1 &kp N2');
  });
});

describe('large keyboards', () => {
  it('lays out 40,000 keys in one row and in 400 rows (work grows with the keys, not their square)', () => {
    const count = 40_000;
    const oneRow = Array.from({ length: count }, (_, i) => key(i * 100, 0));
    const [[line]] = zmkKeymapGrid([oneRow.map(() => '&kp A')], oneRow) as [[string]];
    expect(line.length).toBe(count * 6 - 1);
    const grid = Array.from({ length: count }, (_, i) => key((i % 100) * 100, Math.floor(i / 100) * 100));
    const [lines] = zmkKeymapGrid([grid.map(() => '&trans')], grid);
    expect(lines).toHaveLength(400);
    expect(lines![399]).toBe(Array(100).fill('&trans').join(' '));
  });
});
