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

function inRange(code: number, range: IndexRange | undefined): number | null {
  return range && code >= range.base && code < range.base + range.count ? code - range.base : null;
}

/**
 * Keycode number → canonical text for a protocol: a name (KC_A, QK_BOOT), an advanced expression
 * (LT(2,KC_SPC), MT(MOD_LCTL|MOD_LSFT,KC_A), LCTL(KC_C), MACRO(3)), or `0x….` when nothing names it.
 * parseKeycode(formatKeycode(c, p), p) === c for every 16-bit c.
 */
export function formatKeycode(code: number, protocol: number): string {
  const table = keycodeTable(protocol);
  const ranges = rangesFor(protocol);
  // Indexed families first: QMK also names some of these (QK_MACRO_0, QK_KB_0), but files use MACRO(n)/CUSTOM(n).
  for (const [fn, key] of LAYER_FUNCTIONS) {
    const n = inRange(code, ranges[key]);
    if (n !== null) return `${fn}(${n})`;
  }
  const named = table.byCode.get(code);
  if (named) return named.name;
  // 0x1000–0x10FF has the right-hand flag with no modifier: not expressible as a wrapper.
  if (code >= 0x0100 && code <= 0x1fff && (code & 0x0f00) !== 0) return formatModified(code, table);
  if (code >= ranges.modTap && code < ranges.modTap + 0x2000) {
    const kc = basicName(code & 0xff, table);
    if (kc && (code & 0x0f00) !== 0) return `MT(${formatModMask((code >> 8) & 0x1f)},${kc})`;
  }
  if (code >= ranges.layerTap && code < ranges.layerTap + 0x1000) {
    const kc = basicName(code & 0xff, table);
    if (kc) return `LT(${(code >> 8) & 0x0f},${kc})`;
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

function basicName(kc: number, table: KeycodeTable): string | null {
  return table.byCode.get(kc)?.name ?? null;
}

/** QK_MODS: a wrapper name for known combinations, else nested single-modifier wrappers. */
function formatModified(code: number, table: KeycodeTable): string {
  const mods = (code >> 8) & 0x1f;
  const kc = basicName(code & 0xff, table) ?? hexKeycode(code & 0xff);
  const wrapper = WRAPPER_FOR_MODS.get(mods);
  if (wrapper) return `${wrapper}(${kc})`;
  const side = mods & 0x10;
  let text = kc;
  for (const bit of [0x08, 0x04, 0x02, 0x01]) {
    if (mods & bit) text = `${WRAPPER_FOR_MODS.get(side | bit)!}(${text})`;
  }
  return text;
}
