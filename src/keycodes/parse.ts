import { parseExpression, type KeycodeNode } from './expression.ts';
import { rangesFor, type IndexRange, type Ranges } from './generations.ts';
import { MOD_BITS, MOD_TAP_SHORTCUTS, MOD_WRAPPERS, parseModMask } from './modifiers.ts';
import { keycodeTable, SHIFTED_SYMBOLS, type KeycodeTable } from './tables.ts';
import { deprecatedExpression } from './deprecated.ts';

/** Hex keycode input: `0x` and 1–4 hex digits, leading zeros allowed, never above 0xFFFF. */
export const HEX_KEYCODE = /^0x[0-9a-f]{1,4}$/i;

const QK_MODS_MAX = 0x1fff;

interface Context {
  table: KeycodeTable;
  ranges: Ranges;
}

/**
 * Text → keycode number for a protocol: a name or alias (case-insensitive), an advanced expression
 * (MT, LT, LM, TO, MO, DF, TG, OSL, OSM, TT, PDF, CUSTOM, MACRO, TD, modifier wrappers, `*_T` mod-taps),
 * a deprecated alias, or hex `0x…`. Returns null for anything invalid — never a wrong number: out-of-range
 * layers and indexes, unknown modifier names and non-basic tap keys are rejected, not masked or clamped.
 */
export function parseKeycode(text: string, protocol: number): number | null {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  if (HEX_KEYCODE.test(trimmed)) return parseInt(trimmed.slice(2), 16);
  const tree = parseExpression(trimmed);
  if (tree === null) return null;
  return evaluate(tree, { table: keycodeTable(protocol), ranges: rangesFor(protocol) });
}

/** Text → keycode number with a given table and ranges (`parseKeycode` with another dictionary: QMK's alone). */
export function parseWith(text: string, table: KeycodeTable, ranges: Ranges): number | null {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  if (HEX_KEYCODE.test(trimmed)) return parseInt(trimmed.slice(2), 16);
  const tree = parseExpression(trimmed);
  return tree && evaluate(tree, { table, ranges });
}

function evaluate(node: KeycodeNode, ctx: Context): number | null {
  if (node.kind === 'word') return word(node.text, ctx);
  const name = node.name.toUpperCase();
  const { args } = node;
  const { ranges } = ctx;
  const one = args.length === 1 ? args[0]! : null;
  switch (name) {
    case 'MT':
      return args.length === 2 ? modTap(modMask(args[0]!), basic(args[1]!, ctx), ranges) : null;
    case 'LT': {
      if (args.length !== 2) return null;
      const layer = integer(args[0]!, 16);
      const kc = basic(args[1]!, ctx);
      return layer === null || kc === null ? null : ranges.layerTap | (layer << 8) | kc;
    }
    case 'LM': {
      if (args.length !== 2) return null;
      const layer = integer(args[0]!, 16);
      const mods = modMask(args[1]!);
      const lm = ranges.layerMod;
      if (layer === null || mods === null || (mods & ~lm.modMask) !== 0) return null;
      return lm.base | (layer << lm.shift) | mods;
    }
    case 'TO':
      return one && indexed(ranges.to, one);
    case 'MO':
      return one && indexed(ranges.mo, one);
    case 'DF':
      return one && indexed(ranges.df, one);
    case 'TG':
      return one && indexed(ranges.tg, one);
    case 'OSL':
      return one && indexed(ranges.osl, one);
    case 'TT':
      return one && indexed(ranges.tt, one);
    case 'PDF':
      return one && ranges.pdf ? indexed(ranges.pdf, one) : null;
    case 'OSM': {
      const mods = one && modMask(one);
      return mods ? ranges.osm | mods : null;
    }
    case 'MACRO':
      return one && indexed(ranges.macro, one);
    case 'CUSTOM':
      return one && indexed(ranges.custom, one);
    case 'TD':
      return one && indexed(ranges.tapDance, one);
  }
  const shortcut = MOD_TAP_SHORTCUTS[name];
  if (shortcut !== undefined) return one ? modTap(shortcut, basic(one, ctx), ranges) : null;
  const wrapper = MOD_WRAPPERS[name];
  if (wrapper !== undefined && one) return wrap(wrapper, evaluate(one, ctx));
  return null;
}

function word(text: string, ctx: Context): number | null {
  const upper = text.toUpperCase();
  if (HEX_KEYCODE.test(upper)) return parseInt(upper.slice(2), 16);
  const code = ctx.table.byName.get(upper);
  if (code !== undefined) return code;
  const shifted = SHIFTED_SYMBOLS.get(upper);
  if (shifted) {
    const base = ctx.table.byName.get(shifted.base);
    return base === undefined ? null : wrap(MOD_BITS.SHIFT, base);
  }
  const deprecated = deprecatedExpression(upper);
  if (deprecated !== null) {
    const tree = parseExpression(deprecated);
    return tree && evaluate(tree, ctx);
  }
  return null;
}

/** Applies a modifier wrapper to a basic or already-wrapped key; left and right mods cannot be mixed. */
function wrap(mods: number, inner: number | null): number | null {
  if (inner === null || inner > QK_MODS_MAX) return null;
  const innerMods = (inner >> 8) & 0x1f;
  if (innerMods !== 0 && (innerMods & MOD_BITS.RIGHT) !== (mods & MOD_BITS.RIGHT)) return null;
  return ((mods | innerMods) << 8) | (inner & 0xff);
}

function modTap(mods: number | null, kc: number | null, ranges: Ranges): number | null {
  return mods === null || kc === null ? null : ranges.modTap | (mods << 8) | kc;
}

/** A tap key must be a basic keycode (0x00–0xFF); anything wider cannot be stored in 8 bits. */
function basic(node: KeycodeNode, ctx: Context): number | null {
  const code = evaluate(node, ctx);
  return code !== null && code <= 0xff ? code : null;
}

function modMask(node: KeycodeNode): number | null {
  if (node.kind !== 'word') return null;
  const mask = parseModMask(node.text);
  return mask === null || mask === 0 ? null : mask;
}

/** A non-negative decimal below `limit`, or null. */
function integer(node: KeycodeNode, limit: number): number | null {
  if (node.kind !== 'word' || !/^\d{1,5}$/.test(node.text)) return null;
  const n = Number(node.text);
  return n < limit ? n : null;
}

function indexed(range: IndexRange, node: KeycodeNode): number | null {
  const n = integer(node, range.count);
  return n === null ? null : range.base + n;
}
