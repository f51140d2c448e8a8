import { useMemo } from 'react';
import { strings } from '../../i18n/i18n.ts';
import { useTranslation, type TFunction } from '../../i18n/useTranslation.ts';
import { useLegendWords, type LegendWords } from '../legends/useLegendWords.ts';

/**
 * How a drawn key is named for screen readers and its tooltip: 'row 0, column 1: F1' in the user's language. The
 * legends drawn on the caps stay as a keycap prints them (English key names, as on real keycaps, the same as
 * the keycode core writes them); the names around them are words and are translated.
 */
export interface KeyNaming {
  /** A key's title ('Volume up', 'Layer-tap 1, Space') in words of the user's language. */
  title(english: string): string;
  /** The accessible name of a key at a matrix place, with its title; `encoder` when it is an encoder's. */
  key(row: number, col: number, title: string, encoder?: number): string;
  /** An encoder that only turns: what each turn sends. */
  turns(counterclockwise: string, clockwise: string): string;
  /** Part of a cache key: which language the names are in. */
  language: string;
}

/** Key names from `keycodes:drawnKey.*` (a first-screen namespace) and, where given, the legend words. */
export function keyNaming(t: TFunction, language: string, words?: LegendWords): KeyNaming {
  return {
    title: (english) => (words ? words(english) : english),
    key: (row, col, title, encoder) =>
      t(encoder !== undefined ? 'keycodes:drawnKey.encoderAt' : 'keycodes:drawnKey.at', {
        encoder,
        row,
        col,
        title,
      }),
    turns: (ccw, cw) => t('keycodes:drawnKey.turns', { ccw, cw }),
    language,
  };
}

/** Names in the language shown, titles as the core writes them: for code outside React (the print view). */
export const shownKeyNaming = (): KeyNaming => keyNaming(strings.t, strings.language);

/** Key names in the user's language, titles in its words. */
export function useKeyNaming(): KeyNaming {
  const { t, i18n } = useTranslation('keycodes');
  const words = useLegendWords();
  const language = i18n.language;
  return useMemo(() => keyNaming(t, language, words), [t, words, language]);
}
