import { describe, expect, it } from 'vitest';
import { overlappingKeys } from './geometry.ts';
import { TESTER_LAYOUT } from './testerLayout.ts';

describe('Key Tester layout', () => {
  it('has 108 keys on a 22.5 × 6.25 unit board, none overlapping, one per key code', () => {
    expect(TESTER_LAYOUT).toHaveLength(108);
    expect(Math.max(...TESTER_LAYOUT.map((k) => k.x + (k.w ?? 1)))).toBe(22.5);
    expect(Math.max(...TESTER_LAYOUT.map((k) => k.y + (k.h ?? 1)))).toBe(6.25);
    expect(overlappingKeys(TESTER_LAYOUT)).toEqual([]);
    expect(new Set(TESTER_LAYOUT.map((k) => k.code)).size).toBe(108);
  });
});
