import { describe, expect, it } from 'vitest';
import { keyGeometry, UNITS } from '../definitions/geometry.ts';
import { zmkKeyShape } from './physicalLayout.ts';

describe('ZMK physical layouts on the canvas', () => {
  it('reads centi-keyunits as key units', () => {
    expect(zmkKeyShape({ width: 150, height: 100, x: 225, y: 50, r: 0, rx: 0, ry: 0 })).toEqual({
      x: 2.25,
      y: 0.5,
      w: 1.5,
      h: 1,
    });
  });

  it('turns a key clockwise by centi-degrees about its absolute pivot', () => {
    const shape = zmkKeyShape({ width: 100, height: 100, x: 100, y: 0, r: 9000, rx: 100, ry: 0 });
    expect(shape).toMatchObject({ r: 90, rx: 1, ry: 0 });
    // A quarter turn clockwise about the top-left corner puts the key left of its pivot, below the top edge.
    const corners = keyGeometry(shape, UNITS).polygons[0]!.map(({ x, y }) => [Math.round(x), Math.round(y)]);
    expect(corners).toEqual([
      [1, 0],
      [1, 1],
      [0, 1],
      [0, 0],
    ]);
  });
});
