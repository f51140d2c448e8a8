import { useEffect, useMemo, useSyncExternalStore } from 'react';
import { useTranslation } from '../../i18n/useTranslation.ts';
import { LoadOnce } from '../../lib/LoadOnce.ts';
import type { WordLookup } from './legendInWords.ts';

/** A key legend or title in the user's language, by its English text; undefined where legends stay English. */
export type LegendWords = ((english: string) => string) | undefined;

// Reading titles part by part is for languages other than English only: it loads with the first one shown, so the
// first screen's code does not grow for English (until it is in, whole texts are looked up).
const byParts = new LoadOnce(() => import('./legendInWords.ts').then((m) => m.legendInWords));

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
  const read = useSyncExternalStore(byParts.subscribe, () => byParts.current);
  useEffect(() => {
    // Offline before the chunk was cached: whole texts still read, and the next language change tries again.
    if (!english && !read) void byParts.load().catch(() => undefined);
  }, [english, read]);
  return useMemo(() => {
    if (english) return undefined;
    // Namespaced in full, so a colon in the English text is never read as a namespace.
    const lookup: WordLookup = (table, key) => t(`keycodes:${table}.${key}`, { defaultValue: '' });
    return (text: string) => (read ? read(text, lookup) : lookup('legendWords', text) || text);
  }, [english, t, read]);
}

/** `text` in the user's language when it has a translation. */
export const inWords = (words: LegendWords, text: string): string => (words ? words(text) : text);
