import { describe, expect, it } from 'vitest';
import { hueByteToDegrees, hueDegreesToByte } from './hue.ts';

describe('hue in degrees (core.md §5)', () => {
  it('maps 0–360 degrees onto the hue byte', () => {
    expect(hueDegreesToByte(0)).toBe(0x00);
    expect(hueDegreesToByte(120)).toBe(0x55);
    expect(hueDegreesToByte(240)).toBe(0xaa);
    expect(hueDegreesToByte(360)).toBe(0xff);
    expect(hueByteToDegrees(0x55)).toBe(120);
  });

  it("refuses a hue outside 0–360 with 'Invalid hue'", () => {
    for (const bad of [-1, 360.5, 361, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(() => hueDegreesToByte(bad)).toThrow(new Error('Invalid hue'));
    }
  });
});
