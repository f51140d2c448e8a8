import { useTranslation } from 'react-i18next';

/** Translations of key legends and titles, by their English text. */
export type LegendWords = Readonly<Record<string, string>> | undefined;

/**
 * Legends are English in the keycode core (keycodes/legendTable.ts: 'Nothing', 'Volume up'); the words among them
 * are translated by their English text from `keycodes:legendWords` of the user's language (issue 38). English has
 * no such table (its text is the legend: undefined here), so the first screen carries no strings for it; key
 * names printed the same on every keycap (Esc, F1, PgUp, Ctrl) have no entry.
 */
export function useLegendWords(): LegendWords {
  const { i18n } = useTranslation('keycodes');
  return i18n.getResource(i18n.language, 'keycodes', 'legendWords') as LegendWords;
}

/** `text` in the user's language when it has a translation. */
export const inWords = (words: LegendWords, text: string): string => words?.[text] ?? text;
