import { rangesFor, type IndexRange, type Ranges } from './generations.ts';
import { keycodeTable, type KeycodeTable } from './tables.ts';

/**
 * The keycode text the first screen writes without `format.ts`: a numbered family's `FN(n)`, a named key, hex.
 * Composite keycodes (modifiers around a key, mod-tap, layer-tap …) are read and written by `format.ts` and
 * `compositeLegend.ts`, which load with every legend row (`allLegends`), or alone for a first layer that holds
 * one (`legendsToLoad`, legends.ts); `compositeLegend.ts` installs itself here as it loads.
 */

/** `0x` and 4 upper-case hex digits: how a keycode without a name is written (and read back losslessly). */
export function hexKeycode(code: number): string {
  return '0x' + (code & 0xffff).toString(16).toUpperCase().padStart(4, '0');
}

const LAYER_FUNCTIONS = [
  ['TO', 'to'],
  ['MO', 'mo'],
  ['DF', 'df'],
  ['TG', 'tg'],
  ['OSL', 'osl'],
  ['TT', 'tt'],
  ['PDF', 'pdf'],
  ['MACRO', 'macro'],
  ['CUSTOM', 'custom'],
  ['TD', 'tapDance'],
] as const;

export type Family = (typeof LAYER_FUNCTIONS)[number][0];

export function indexIn(code: number, range: IndexRange | undefined): number | null {
  return range && code >= range.base && code < range.base + range.count ? code - range.base : null;
}

/**
 * `MO(1)`, `MACRO(3)`, `TD(0)` …: a keycode of an indexed family as files write it, when `accept` takes the
 * family. Indexed families come before names: QMK also names some of these (QK_MACRO_0, QK_KB_0), but files
 * use MACRO(n)/CUSTOM(n).
 */
export function familyText(
  code: number,
  ranges: Ranges,
  accept: (fn: Family) => boolean = () => true,
): string | null {
  for (const [fn, key] of LAYER_FUNCTIONS) {
    const n = indexIn(code, ranges[key]);
    if (n !== null && accept(fn)) return `${fn}(${n})`;
  }
  return null;
}

/** Keyloom's name of a named keycode: the canonical one, or the first alias that still reads back to it. */
export function tableName(table: KeycodeTable, code: number): string | null {
  const entry = table.byCode.get(code);
  if (!entry) return null;
  // VIA's names win on reading (MI_C on protocol 12 is VIA's 0x7110), so skip a name that now means another key.
  return [entry.name, ...entry.aliases].find((n) => table.byName.get(n.toUpperCase()) === code) ?? null;
}

/** A legend as `keyLegend` (legends.ts) gives it. */
export interface ComposedLegend {
  short: string;
  title: string;
  top?: string;
  bottom?: string;
}

/** What `compositeLegend.ts` brings: any keycode's text, and the legend of a composite one. */
export interface CompositeReading {
  formatKeycode(code: number, protocol: number): string;
  compositeLegend(code: number, protocol: number, inner: (code: number) => ComposedLegend): ComposedLegend;
}

/** The composite keycodes' code: null until compositeLegend.ts, as it loads, puts itself here. */
export const composite: { reading: CompositeReading | null } = { reading: null };

/**
 * `formatKeycode` (format.ts) once it has loaded; until then the text of an indexed family or a named key, else
 * hex. Callers draw again when the rest loads (`allLegends`), so a composite keycode never stays in hex.
 */
export function keycodeText(code: number, protocol: number): string {
  if (composite.reading) return composite.reading.formatKeycode(code, protocol);
  return familyText(code, rangesFor(protocol)) ?? tableName(keycodeTable(protocol), code) ?? hexKeycode(code);
}
