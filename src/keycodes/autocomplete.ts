import './fullKeycodeTables.ts';
import { keycodeTable } from './tables.ts';

export const AUTOCOMPLETE_LIMIT = 10;

export interface KeycodeSuggestion {
  name: string;
  code: number;
}

const ADVANCED_FORMS = [
  'MT(',
  'LT(',
  'LM(',
  'TO(',
  'MO(',
  'DF(',
  'TG(',
  'OSL(',
  'OSM(',
  'TT(',
  'CUSTOM(',
  'MACRO(',
  'TD(',
];

/**
 * Up to `limit` (10) keycodes with a word of their name starting with the typed text (case-insensitive):
 * `vol` finds KC_VOLU via its word VOLU. Names whose start matches come first, then shorter names; ties by code.
 */
export function autocompleteKeycodes(
  prefix: string,
  protocol: number,
  limit = AUTOCOMPLETE_LIMIT,
): KeycodeSuggestion[] {
  const query = prefix.trim().toUpperCase();
  if (query === '') return [];
  const table = keycodeTable(protocol);
  const matches: (KeycodeSuggestion & { rank: number })[] = [];
  for (const entry of table.entries) {
    for (const name of [entry.name, ...entry.aliases]) {
      const upper = name.toUpperCase();
      const rank = upper.startsWith(query) ? 0 : upper.split('_').some((w) => w.startsWith(query)) ? 1 : -1;
      if (rank >= 0) {
        matches.push({ name, code: entry.code, rank });
        break;
      }
    }
  }
  for (const form of ADVANCED_FORMS)
    if (form.startsWith(query)) matches.push({ name: form, code: -1, rank: 0 });
  return matches
    .sort(
      (a, b) =>
        a.rank - b.rank || a.name.length - b.name.length || a.code - b.code || a.name.localeCompare(b.name),
    )
    .slice(0, limit)
    .map(({ name, code }) => ({ name, code }));
}
