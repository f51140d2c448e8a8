import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

/** A key legend or title in the user's language: the English text when there is no translation for it. */
export type LegendWords = (text: string) => string;

export const ENGLISH_LEGENDS: LegendWords = (text) => text;

/**
 * Legends are English in the keycode core (keycodes/legendTable.ts: 'Nothing', 'Volume up'); the words among them
 * are translated here, by their English text, from `keycodes:legendWords` of the user's language (issue 38).
 * English has no such table (its text is the legend), so the first screen carries nothing for it; key names
 * written the same on every keycap (Esc, F1, PgUp, Ctrl) have no entry.
 */
export function useLegendWords(): LegendWords {
  const { i18n } = useTranslation('keycodes');
  const words = i18n.getResource(i18n.language, 'keycodes', 'legendWords') as
    Readonly<Record<string, string>> | undefined;
  return useMemo(() => (words ? (text) => words[text] ?? text : ENGLISH_LEGENDS), [words]);
}
