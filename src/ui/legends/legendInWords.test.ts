import { describe, expect, it } from 'vitest';
import ja from '../../i18n/locales/ja/keycodes.json';
import zh from '../../i18n/locales/zh/keycodes.json';
import { legendInWords, type WordLookup } from './legendInWords.ts';

const tables = (catalog: { legendWords: Record<string, string>; legendParts: Record<string, string> }) =>
  ((table, key) => catalog[table][key] ?? '') satisfies WordLookup;

describe('legendInWords', () => {
  const inJapanese = (text: string) => legendInWords(text, tables(ja));

  it('translates a whole title the table has', () => {
    expect(inJapanese('RGB matrix hue up')).toBe('RGB マトリックス 色相 +');
    expect(inJapanese('Grave escape (Esc, ` with Shift or Win)')).toBe(
      'Grave Escape (Esc、Shift か Win と押すと `)',
    );
  });

  it('translates a number family with its numbers put back', () => {
    expect(inJapanese('Momentary layer 12')).toBe('レイヤー 12 (押している間)');
    expect(inJapanese('Tap dance 3')).toBe('タップダンス 3');
    expect(legendInWords('Toggle layer 2', tables(zh))).toBe('切换图层 2');
  });

  it('translates a title of parts part by part, key names staying', () => {
    expect(inJapanese('Layer-tap 2, Space')).toBe('Layer-Tap 2、Space');
    expect(inJapanese('Layer-tap 1, Mute')).toBe('Layer-Tap 1、ミュート');
    expect(inJapanese('One-shot Ctrl+Shift')).toBe('ワンショット Ctrl+Shift');
  });

  it('leaves key names as they are', () => {
    for (const name of ['Esc', 'F1', 'PgUp', 'Ctrl', 'KC_A', 'Page Up']) expect(inJapanese(name)).toBe(name);
  });
});

describe('legendInWords, a family with parts', () => {
  it('reads the family whole before its parts', () => {
    expect(legendInWords('Momentary layer 1, layer 3 with both', tables(ja))).toBe(
      'レイヤー 1 (押している間)、両方でレイヤー 3',
    );
  });
});
