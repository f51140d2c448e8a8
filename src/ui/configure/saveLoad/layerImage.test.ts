import { describe, expect, it } from 'vitest';
import { pictureBaseName } from './layerImage.ts';

describe('pictureBaseName', () => {
  it('names the keyboard, the layer number and the layer name', () => {
    expect(pictureBaseName('Keyloom Aurora 75', 3, 'Gaming')).toBe('keyloom_aurora_75_layer_3_gaming');
    expect(pictureBaseName('Keyloom Split 42', 1, 'Lower / Nav')).toBe('keyloom_split_42_layer_1_lower_nav');
  });

  it('leaves out a missing layer name and stands in for a keyboard without a name', () => {
    expect(pictureBaseName('Keyloom Aurora 75', 0, '')).toBe('keyloom_aurora_75_layer_0');
    expect(pictureBaseName('', 2, 'Raise', 'zmk')).toBe('zmk_layer_2_raise');
    expect(pictureBaseName('キーボード', 0, 'ベース')).toBe('keyboard_layer_0');
  });
});
