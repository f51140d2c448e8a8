import { describe, expect, it } from 'vitest';
import { storedSizeWithin } from './storedSizeWithin.ts';

/** The smallest limit the value fits, found by bisection (the function answers only yes or no). */
function measured(value: unknown): number {
  let low = 0;
  let high = 1 << 24;
  while (low < high) {
    const mid = Math.floor((low + high) / 2);
    if (storedSizeWithin(value, mid)) high = mid;
    else low = mid + 1;
  }
  return low;
}

describe('storedSizeWithin: a size check that stops at its limit', () => {
  const values: unknown[] = [
    null,
    true,
    false,
    0,
    -12.5,
    '',
    'hello',
    [],
    [1],
    [1, 'two', null],
    {},
    { a: 1 },
    { name: 'Prototype 75', matrix: { rows: 6, cols: 15 }, keys: [{ x: 0, y: 0.25, w: 1.5 }] },
    [[[[[]]]]],
    { gone: undefined, kept: [undefined] },
  ];
  for (const value of values)
    it(`counts ${JSON.stringify(value)} as its JSON takes (an empty array or object one more)`, () => {
      const json = JSON.stringify(value).length;
      const size = measured(value);
      expect(size).toBeGreaterThanOrEqual(json);
      expect(size).toBeLessThanOrEqual(json + 1);
    });

  it('a string counts its length, however long', () => {
    expect(storedSizeWithin('x'.repeat(1000), 1002)).toBe(true);
    expect(storedSizeWithin('x'.repeat(1000), 1001)).toBe(false);
  });

  it('byte arrays count their bytes', () => {
    expect(storedSizeWithin(new Uint8Array(100), 100)).toBe(true);
    expect(storedSizeWithin({ data: new Uint8Array(100) }, 100)).toBe(false);
  });

  it('a cyclic value is over any limit instead of looping', () => {
    const a: Record<string, unknown> = { name: 'a' };
    a.self = a;
    expect(storedSizeWithin(a, 10_000)).toBe(false);
  });

  it('nesting deeper than the call stack is counted, not thrown on', () => {
    let deep: unknown = null;
    for (let i = 0; i < 200_000; i++) deep = [deep];
    expect(storedSizeWithin(deep, 1_000_000)).toBe(true);
    expect(storedSizeWithin(deep, 1000)).toBe(false);
  });

  it('a sparse array of a billion slots is refused before any slot is looked at', () => {
    expect(storedSizeWithin(new Array(1e9), 512_000)).toBe(false);
  });

  it('the unit a later check would walk: a 200,000-key definition is over 512 kB', () => {
    const key = { x: 0, y: 0, row: 0, col: 0, w: 1, h: 1 };
    const keys = Array.from({ length: 200_000 }, () => ({ ...key }));
    expect(storedSizeWithin({ layouts: { keys } }, 512_000)).toBe(false);
    expect(storedSizeWithin({ layouts: { keys: keys.slice(0, 1000) } }, 512_000)).toBe(true);
  });
});
