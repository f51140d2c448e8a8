import { useMemo } from 'react';
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
  /** The accessible name of a key by its position in the keymap (ZMK), with its title. */
  position(position: number, title: string): string;
  /** An encoder that only turns: what each turn sends. */
  turns(counterclockwise: string, clockwise: string): string;
}

/** Key names from `keycodes:drawnKey.*` (a first-screen namespace) and, where given, the legend words. */
export function keyNaming(t: TFunction, words?: LegendWords): KeyNaming {
  return {
    title: words ?? String,
    key: (row, col, title, encoder) => {
      const key = t('keycodes:drawnKey.at', { row, col, title });
      return encoder === undefined ? key : t('keycodes:drawnKey.encoder', { encoder, key });
    },
    position: (position, title) => t('keycodes:drawnKey.position', { position, title }),
    turns: (ccw, cw) => t('keycodes:drawnKey.turns', { ccw, cw }),
  };
}

/** Key names in the user's language, titles in its words. */
export function useKeyNaming(): KeyNaming {
  const { t, i18n } = useTranslation('keycodes');
  const words = useLegendWords();
  return useMemo(
    () => keyNaming(t, words),
    // A new naming for each language (t stays the same function): the drawn keys are named again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [t, words, i18n.language],
  );
}
