import { useMemo } from 'react';
import { useTranslation } from '../../i18n/useTranslation.ts';
import { useLegendWords } from '../legends/useLegendWords.ts';

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

/** English names, for code with no strings (the print view's tests, the CLI); the app uses `useKeyNaming`. */
export const ENGLISH_KEY_NAMING: KeyNaming = {
  title: (english) => english,
  key: (row, col, title, encoder) =>
    `${encoder !== undefined ? `Encoder ${encoder}, ` : ''}row ${row}, column ${col}: ${title}`,
  turns: (ccw, cw) => `counterclockwise ${ccw}, clockwise ${cw}`,
  language: 'en',
};

/** Key names in the user's language from `keycodes:drawnKey.*` and the legend words. */
export function useKeyNaming(): KeyNaming {
  const { t, i18n } = useTranslation('keycodes');
  const words = useLegendWords();
  const language = i18n.language;
  return useMemo(
    () => ({
      title: (english) => (words ? words(english) : english),
      key: (row, col, title, encoder) =>
        encoder !== undefined
          ? t('drawnKey.encoderAt', { encoder, row, col, title })
          : t('drawnKey.at', { row, col, title }),
      turns: (ccw, cw) => t('drawnKey.turns', { ccw, cw }),
      language,
    }),
    [t, words, language],
  );
}
