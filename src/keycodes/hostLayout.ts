import { LoadOnce } from '../lib/LoadOnce.ts';
import { keycodeForEventCode } from './eventCodes.ts';
import type { HOST_LAYOUT_TABLES, HostLayoutRow } from './generated/hostLayouts.ts';
import type { KeyLabel } from './labels.ts';

/**
 * Legends in the computer's keyboard layout: a keycode is a US key position (KC_Z), but a German computer types
 * Y with it. This lookup is consulted before the general legend function (`keycodeLabel`) and answers only for
 * the keys a layout moves; everything else falls through (docs/host-layouts.md).
 */
export type HostLayoutId = 'us' | keyof typeof HOST_LAYOUT_TABLES;

/** Every layout, US first; the others in the generated tables' order (a unit test keeps the two the same). */
export const HOST_LAYOUT_IDS: readonly HostLayoutId[] = [
  'us',
  'uk',
  'de',
  'ch_de',
  'ch_fr',
  'fr',
  'be',
  'es',
  'latam',
  'it',
  'pt',
  'br',
  'nordic',
  'se',
  'no',
  'dk',
  'fi',
  'ja',
  'dvorak',
  'colemak',
];

/**
 * The layouts' tables, by keycode. They serve only computers set to a layout other than US, so they load when one
 * is chosen or detected (`hostLayouts.load()`, lib/LoadOnce.ts); until then every layout's legends are US ones,
 * and `hostKeyLabel` answers for the others once they are here.
 */
export const hostLayouts = new LoadOnce(() =>
  import('./generated/hostLayouts.ts').then(
    ({ HOST_LAYOUT_TABLES: tables }) =>
      new Map(
        Object.entries(tables).map(([id, rows]) => [
          id as HostLayoutId,
          new Map((rows as readonly HostLayoutRow[]).map((r) => [r[0], r])),
        ]),
      ),
  ),
);

/** Whether `hostKeyLabel` can answer for `layout` now (US needs no table). */
export function hostLayoutReady(layout: HostLayoutId): boolean {
  return layout === 'us' || hostLayouts.ready;
}

// QMK modifier bits in a mods keycode (0x0100–0x1FFF): LSFT = 0x02, right-hand RALT = 0x14.
const MODS_FIRST = 0x0100;
const MODS_LAST = 0x1fff;
const LSFT = 0x02;
const RALT = 0x14;

/**
 * The legend a key shows on `layout` for a keycode it covers: a basic key gets the layout's character (with its
 * shifted character on top, as US keys show theirs), S(key) the shifted and RALT(key) the AltGr character.
 * Null when the layout types the same as US there, or for any other keycode.
 */
export function hostKeyLabel(code: number, layout: HostLayoutId): KeyLabel | null {
  const table = hostLayouts.current?.get(layout);
  if (!table) return null;
  if (code >= 0 && code <= 0xff) {
    const row = table.get(code);
    if (!row) return null;
    const [, plain, shifted] = row;
    // Screen readers hear the character the key types on this layout, as the keycap shows it.
    return shifted
      ? { label: plain, topLabel: shifted, bottomLabel: plain, title: plain }
      : { label: plain, title: plain };
  }
  if (code >= MODS_FIRST && code <= MODS_LAST) {
    const mods = (code >> 8) & 0x1f;
    const row = table.get(code & 0xff);
    const text = mods === LSFT ? row?.[2] : mods === RALT ? row?.[3] : null;
    return text ? { label: text, title: text } : null;
  }
  return null;
}

// The keys whose characters tell layouts apart, by KeyboardEvent.code (the physical position).
const PROBE_CODES = [
  ...Array.from({ length: 26 }, (_, i) => `Key${String.fromCharCode(65 + i)}`),
  ...Array.from({ length: 10 }, (_, i) => `Digit${i}`),
  'Minus',
  'Equal',
  'BracketLeft',
  'BracketRight',
  'Backslash',
  'Semicolon',
  'Quote',
  'Backquote',
  'Comma',
  'Period',
  'Slash',
];

const US_PLAIN: Readonly<Record<number, string>> = {
  0x2d: '-',
  0x2e: '=',
  0x2f: '[',
  0x30: ']',
  0x31: '\\',
  0x33: ';',
  0x34: "'",
  0x35: '`',
  0x36: ',',
  0x37: '.',
  0x38: '/',
};

function usPlain(code: number): string | undefined {
  if (code >= 0x04 && code <= 0x1d) return String.fromCharCode(0x61 + code - 0x04);
  if (code >= 0x1e && code <= 0x26) return String(code - 0x1d);
  if (code === 0x27) return '0';
  return US_PLAIN[code];
}

/**
 * The layout that best explains a browser keyboard layout map (KeyboardEvent.code → the character typed,
 * from `navigator.keyboard.getLayoutMap()`): the one agreeing on most keys, US on a tie or an empty map.
 * A map US explains on every key is US without loading the other layouts' tables (no layout can agree on more).
 */
export async function detectHostLayout(layoutMap: ReadonlyMap<string, string>): Promise<HostLayoutId> {
  const scoreOf = (id: HostLayoutId) => {
    let score = 0;
    let asked = 0;
    for (const event of PROBE_CODES) {
      const code = keycodeForEventCode(event);
      const typed = layoutMap.get(event);
      if (code === null || typed === undefined) continue;
      asked++;
      const expected = hostLayouts.current?.get(id)?.get(code)?.[1] ?? usPlain(code);
      if (expected?.toLowerCase() === typed.toLowerCase()) score++;
    }
    return { score, asked };
  };
  const us = scoreOf('us');
  if (us.score === us.asked) return 'us';
  await hostLayouts.load();
  let best: HostLayoutId = 'us';
  let bestScore = -1;
  for (const id of HOST_LAYOUT_IDS) {
    const { score } = scoreOf(id);
    if (score > bestScore) {
      best = id;
      bestScore = score;
    }
  }
  return best;
}
