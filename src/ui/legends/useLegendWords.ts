import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from '../../i18n/useTranslation.ts';
import type { legendInWords } from './legendInWords.ts';

/** A key legend or title in the user's language, by its English text; undefined where legends stay English. */
export type LegendWords = ((english: string) => string) | undefined;

/**
 * Legends are English in the keycode core (keycodes/legendTable.ts: 'Nothing', 'Volume up'); the words among them
 * are translated by their English text from `keycodes:legendWords` of the user's language (issue 38), titles made
 * of parts ('Momentary layer 2', 'Layer-tap 1, Space') part by part (legendInWords). English has no such table
 * (its text is the legend: undefined here), so the first screen carries no strings for it; key names printed the
 * same on every keycap (Esc, F1, PgUp, Ctrl) have no entry and stay as they are.
 */
export function useLegendWords(): LegendWords {
  const { t, i18n } = useTranslation('keycodes');
  const english = i18n.language === 'en';
  // Reading titles part by part serves other languages only: it loads with the first one, off the first screen's
  // code (until it is in, and offline before it was cached, whole texts are looked up).
  const [byParts, setByParts] = useState<typeof legendInWords | null>(null);
  useEffect(() => {
    if (!english && !byParts)
      import('./legendInWords.ts').then(
        (m) => setByParts(() => m.legendInWords),
        () => undefined,
      );
  }, [english, byParts]);
  return useMemo(() => {
    if (english) return undefined;
    // Namespaced in full, so a colon in the English text is never read as a namespace.
    const lookup = (table: 'legendWords' | 'legendParts', key: string) =>
      t(`keycodes:${table}.${key}`, { defaultValue: '' });
    return (text: string) => (byParts ? byParts(text, lookup) : lookup('legendWords', text) || text);
  }, [english, t, byParts]);
}

/** `text` in the user's language when it has a translation. */
export const inWords = (words: LegendWords, text: string): string => (words ? words(text) : text);
