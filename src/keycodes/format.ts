import { rangesFor } from './generations.ts';
import { familyText, hexKeycode, tableName, type Family } from './keycodeText.ts';
import { formatModMask, WRAPPER_FOR_MODS } from './modifiers.ts';
import { keycodeTable, type KeycodeTable } from './tables.ts';

export { hexKeycode, type Family } from './keycodeText.ts';

/** How one dialect names things: a plain keycode's name (null when it has none) and which `FN(n)` forms exist. */
export interface Dialect {
  name(code: number): string | null;
  families: (fn: Family) => boolean;
  /** Whether a modifier wrapper may hold a hex key (`LCTL(0x00C1)`); VIA reads no hex at all. */
  hexInWrapper: boolean;
}

/** Keyloom's own names: the canonical one, or the first alias that still reads back to the same number. */
function keyloomDialect(table: KeycodeTable): Dialect {
  return { name: (code) => tableName(table, code), families: () => true, hexInWrapper: true };
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
  const family = familyText(code, ranges, dialect.families);
  if (family !== null) return family;
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
