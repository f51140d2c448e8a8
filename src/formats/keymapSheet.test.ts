import { describe, expect, it } from 'vitest';
import { layersPerPage, paginate, printableLayers } from './keymapSheet.ts';

describe('printableLayers', () => {
  it('leaves out layers of only KC_TRNS / KC_NO keys and encoders', () => {
    const keymap = [
      [0x04, 0x05],
      [0x01, 0x00],
      [0x01, 0x2c],
      [0x01, 0x01],
    ];
    const encoders: [number, number][][] = [[[0x80, 0x81]], [[0x01, 0x01]], [[0x01, 0x01]], [[0x80, 0x01]]];
    expect(printableLayers(keymap, encoders)).toEqual([0, 2, 3]);
    expect(printableLayers(keymap)).toEqual([0, 2]);
  });

  it('counts only matrix positions the layout uses when given', () => {
    expect(printableLayers([[0x01, 0x04]], [], [0])).toEqual([]);
  });
});

describe('layersPerPage', () => {
  it('two layers of a 75% board (16 × 6.5 units) share a page; a numpad (4 × 5) gets its own', () => {
    expect(layersPerPage(16, 6.5)).toBe(2);
    expect(layersPerPage(4, 5)).toBe(1);
    expect(layersPerPage(0, 0)).toBe(1);
  });

  it('paginates in order', () => {
    expect(paginate([0, 1, 2], 2)).toEqual([[0, 1], [2]]);
    expect(paginate([0, 1, 2], 1)).toEqual([[0], [1], [2]]);
  });
});
