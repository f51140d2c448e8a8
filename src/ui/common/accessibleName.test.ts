import { describe, expect, it } from 'vitest';
import { nameHasLabel } from './accessibleName.ts';

describe('nameHasLabel', () => {
  it('finds the shown words in the name, whole and in order', () => {
    expect(nameHasLabel('row 0, column 1: F1', 'F1')).toBe(true);
    expect(nameHasLabel('Layer-tap 1, A', 'A')).toBe(true);
    expect(nameHasLabel('Caps Lock', 'Caps Lock')).toBe(true);
    expect(nameHasLabel('Menu (application)', 'Menu')).toBe(true);
  });

  it('does not take part of a word, another order or a parenthesis for the label', () => {
    expect(nameHasLabel('Escape', 'Esc')).toBe(false);
    expect(nameHasLabel('Backspace', 'Bksp')).toBe(false);
    expect(nameHasLabel('Lock Caps', 'Caps Lock')).toBe(false);
    expect(nameHasLabel('Language 2 (Hanja)', 'Hanja')).toBe(false);
  });

  it('compares letters and digits only, in any case and script', () => {
    expect(nameHasLabel('Volume up', 'vol +')).toBe(false);
    expect(nameHasLabel('Vol +, Volume up', 'Vol +')).toBe(true);
    expect(nameHasLabel('漢字, Language 2 (Hanja)', '漢字')).toBe(true);
    expect(nameHasLabel('row 3, column 10: Ö', 'ö')).toBe(true);
  });

  it('a label of symbols only has no words to miss', () => {
    expect(nameHasLabel('Transparent (the layer below)', '▽')).toBe(true);
    expect(nameHasLabel('Left arrow', '←')).toBe(true);
  });
});
