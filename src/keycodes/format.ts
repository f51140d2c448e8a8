import { rangesFor, type IndexRange } from './generations.ts';
import { formatModMask, WRAPPER_FOR_MODS } from './modifiers.ts';
import { keycodeTable, type KeycodeTable } from './tables.ts';

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

/** How one dialect names things: a plain keycode's name (null when it has none) and which `FN(n)` forms exist. */
export interface Dialect {
  name(code: number): string | null;
  families: (fn: Family) => boolean;
  /** Whether a modifier wrapper may hold a hex key (`LCTL(0x00C1)`); VIA reads no hex at all. */
  hexInWrapper: boolean;
}

function inRange(code: number, range: IndexRange | undefined): number | null {
  return range && code >= range.base && code < range.base + range.count ? code - range.base : null;
}

/** Keyloom's own names: the canonical one, or the first alias that still reads back to the same number. */
function keyloomDialect(table: KeycodeTable): Dialect {
  return {
    name(code) {
      const entry = table.byCode.get(code);
      if (!entry) return null;
      // VIA's names win on reading (MI_C on protocol 12 is VIA's 0x7110), so skip a name that now means another key.
      return [entry.name, ...entry.aliases].find((n) => table.byName.get(n.toUpperCase()) === code) ?? null;
    },
    families: () => true,
    hexInWrapper: true,
  };
}

/**
 * Keycode number → canonical text for a protocol: a name (KC_A, QK_BOOT), an advanced expression
 * (LT(2,KC_SPC), MT(MOD_LCTL|MOD_LSFT,KC_A), LCTL(KC_C), MACRO(3)), or `0x….` when nothing names it.
 * parseKeycode(formatKeycode(c, p), p) === c for every 16-bit c. This is the text Keyloom shows; files and the
 * keycode modal use `viaKeycodeText` (viaKeycodeText.ts, with VIA's names, on demand).
 */
export function formatKeycode(code: number, protocol: number): string {
  return formatWith(code, protocol, keyloomDialect(keycodeTable(protocol)));
}

export function formatWith(code: number, protocol: number, dialect: Dialect): string {
  const ranges = rangesFor(protocol);
  // Indexed families first: QMK also names some of these (QK_MACRO_0, QK_KB_0), but files use MACRO(n)/CUSTOM(n).
  for (const [fn, key] of LAYER_FUNCTIONS) {
    const n = inRange(code, ranges[key]);
    if (n !== null && dialect.families(fn)) return `${fn}(${n})`;
  }
  const named = dialect.name(code);
  if (named !== null) return named;
  const basic = (kc: number) => dialect.name(kc);
  // 0x1000–0x10FF has the right-hand flag with no modifier: not expressible as a wrapper.
  if (code >= 0x0100 && code <= 0x1fff && (code & 0x0f00) !== 0) {
    const inner = basic(code & 0xff) ?? (dialect.hexInWrapper ? hexKeycode(code & 0xff) : null);
    return inner === null ? hexKeycode(code) : formatModified(code, inner);
  }
  if (code >= ranges.modTap && code < ranges.modTap + 0x2000) {
    const kc = basic(code & 0xff);
    if (kc !== null && (code & 0x0f00) !== 0) return `MT(${formatModMask((code >> 8) & 0x1f)},${kc})`;
  }
  if (code >= ranges.layerTap && code < ranges.layerTap + 0x1000) {
    const kc = basic(code & 0xff);
    if (kc !== null) return `LT(${(code >> 8) & 0x0f},${kc})`;
  }
  const lm = ranges.layerMod;
  if (code >= lm.base && code < lm.base + (16 << lm.shift)) {
    const mods = code & lm.modMask;
    if ((mods & 0x0f) !== 0) return `LM(${(code - lm.base) >> lm.shift},${formatModMask(mods)})`;
  }
  if (code > ranges.osm && code < ranges.osm + 0x20 && (code & 0x0f) !== 0)
    return `OSM(${formatModMask(code - ranges.osm)})`;
  return hexKeycode(code);
}

/** QK_MODS: a wrapper name for known combinations (all of them names VIA reads), else nested single wrappers. */
function formatModified(code: number, kc: string): string {
  const mods = (code >> 8) & 0x1f;
  const wrapper = WRAPPER_FOR_MODS.get(mods);
  if (wrapper) return `${wrapper}(${kc})`;
  const side = mods & 0x10;
  let text = kc;
  for (const bit of [0x08, 0x04, 0x02, 0x01]) {
    if (mods & bit) text = `${WRAPPER_FOR_MODS.get(side | bit)!}(${text})`;
  }
  return text;
}
