import './fullKeycodeTables.ts';
import { parseExpression, type KeycodeNode } from './expression.ts';
import { rangesFor, type IndexRange, type Ranges } from './generations.ts';
import { MOD_BITS } from './modifiers.ts';
import { MOD_TAP_SHORTCUTS, MOD_WRAPPERS, parseModMask } from './modifierNames.ts';
import { keycodeTable, SHIFTED_SYMBOLS, type KeycodeTable } from './tables.ts';
import { deprecatedExpression } from './deprecated.ts';
import type { KeycodeProblem } from './keycodeProblem.ts';

/** Hex keycode input: `0x` and 1–4 hex digits, leading zeros allowed, never above 0xFFFF. */
export const HEX_KEYCODE = /^0x[0-9a-f]{1,4}$/i;

const QK_MODS_MAX = 0x1fff;

/**
 * What an evaluation reads with, and (for `explainKeycode`) the keyboard's own limits and the first reason the
 * text was refused. Without `layers`/`macros` only the protocol's ranges bound the numbers.
 */
export interface Context {
  table: KeycodeTable;
  ranges: Ranges;
  layers?: number | undefined;
  macros?: number | undefined;
  problem?: KeycodeProblem;
}

/** Records the first reason of a refusal (the innermost one: it is found first) and refuses. */
const refuse = (ctx: Context, problem: KeycodeProblem): null => {
  ctx.problem ??= problem;
  return null;
};

/** An argument as the user wrote it, for messages ('KC_FOO', 'LCTL(KC_A)'). */
export const nodeText = (node: KeycodeNode): string =>
  node.kind === 'word' ? node.text : `${node.name}(${node.args.map(nodeText).join(',')})`;

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

/** Evaluates a parsed expression; null (with `ctx.problem` saying why) when it is no keycode. */
export function evaluate(node: KeycodeNode, ctx: Context): number | null {
  if (node.kind === 'word') return word(node.text, ctx);
  const name = node.name.toUpperCase();
  const { args } = node;
  const { ranges } = ctx;
  const takes = (count: number) =>
    args.length === count ? true : refuse(ctx, { kind: 'arguments', name, count });
  const one = args.length === 1 ? args[0]! : null;
  switch (name) {
    case 'MT':
      return takes(2) && modTap(modMask(args[0]!, ctx), basic(args[1]!, ctx), ranges);
    case 'LT': {
      if (!takes(2)) return null;
      const layer = layerNumber(args[0]!, 16, ctx);
      const kc = basic(args[1]!, ctx);
      return layer === null || kc === null ? null : ranges.layerTap | (layer << 8) | kc;
    }
    case 'LM': {
      if (!takes(2)) return null;
      const lm = ranges.layerMod;
      const layer = layerNumber(args[0]!, 16, ctx);
      const mods = modMask(args[1]!, ctx);
      if (layer === null || mods === null) return null;
      if ((mods & ~lm.modMask) !== 0) return refuse(ctx, { kind: 'modifiers', text: nodeText(args[1]!) });
      return lm.base | (layer << lm.shift) | mods;
    }
    case 'TO':
    case 'MO':
    case 'DF':
    case 'TG':
    case 'OSL':
    case 'TT':
    case 'PDF': {
      const range = ranges[name.toLowerCase() as 'to' | 'mo' | 'df' | 'tg' | 'osl' | 'tt' | 'pdf'];
      if (!range) return refuse(ctx, { kind: 'unknownFunction', name });
      return takes(1) && indexed(range, args[0]!, ctx, 'layer');
    }
    case 'OSM': {
      const mods = takes(1) && modMask(args[0]!, ctx);
      return mods ? ranges.osm | mods : null;
    }
    case 'MACRO':
      return takes(1) && indexed(ranges.macro, args[0]!, ctx, 'macro');
    case 'CUSTOM':
      return takes(1) && indexed(ranges.custom, args[0]!, ctx, 'index');
    case 'TD':
      return takes(1) && indexed(ranges.tapDance, args[0]!, ctx, 'index');
  }
  const shortcut = MOD_TAP_SHORTCUTS[name];
  if (shortcut !== undefined) return takes(1) && modTap(shortcut, basic(one!, ctx), ranges);
  const wrapper = MOD_WRAPPERS[name];
  if (wrapper !== undefined) return takes(1) && wrap(wrapper, evaluate(one!, ctx), ctx, one!);
  return refuse(ctx, { kind: 'unknownFunction', name });
}

function word(text: string, ctx: Context): number | null {
  const upper = text.toUpperCase();
  if (HEX_KEYCODE.test(upper)) return parseInt(upper.slice(2), 16);
  const code = ctx.table.byName.get(upper);
  if (code !== undefined) return code;
  const shifted = SHIFTED_SYMBOLS.get(upper);
  if (shifted) {
    const base = ctx.table.byName.get(shifted.base);
    return base === undefined ? null : wrap(MOD_BITS.SHIFT, base, ctx, { kind: 'word', text });
  }
  const deprecated = deprecatedExpression(upper);
  if (deprecated !== null) {
    const tree = parseExpression(deprecated);
    return tree && evaluate(tree, ctx);
  }
  if (/^0x[0-9a-f]+$/i.test(text)) return refuse(ctx, { kind: 'numberTooLarge', text, max: 0xffff });
  if (/^\d+$/.test(text)) return refuse(ctx, { kind: 'plainNumber', text });
  return refuse(ctx, { kind: 'unknownName', name: text });
}

/** Applies a modifier wrapper to a basic or already-wrapped key; left and right mods cannot be mixed. */
function wrap(mods: number, inner: number | null, ctx: Context, node: KeycodeNode): number | null {
  if (inner === null) return null;
  if (inner > QK_MODS_MAX) return refuse(ctx, { kind: 'notBasic', text: nodeText(node) });
  const innerMods = (inner >> 8) & 0x1f;
  if (innerMods !== 0 && (innerMods & MOD_BITS.RIGHT) !== (mods & MOD_BITS.RIGHT))
    return refuse(ctx, { kind: 'mixedSides' });
  return ((mods | innerMods) << 8) | (inner & 0xff);
}

function modTap(mods: number | null, kc: number | null, ranges: Ranges): number | null {
  return mods === null || kc === null ? null : ranges.modTap | (mods << 8) | kc;
}

/** A tap key must be a basic keycode (0x00–0xFF); anything wider cannot be stored in 8 bits. */
function basic(node: KeycodeNode, ctx: Context): number | null {
  const code = evaluate(node, ctx);
  if (code === null) return null;
  return code <= 0xff ? code : refuse(ctx, { kind: 'notBasic', text: nodeText(node) });
}

function modMask(node: KeycodeNode, ctx: Context): number | null {
  const mask = node.kind === 'word' ? parseModMask(node.text) : null;
  return mask === null || mask === 0 ? refuse(ctx, { kind: 'modifiers', text: nodeText(node) }) : mask;
}

/** A non-negative decimal, or null with the reason. */
function integer(node: KeycodeNode, ctx: Context): number | null {
  if (node.kind !== 'word' || !/^\d+$/.test(node.text))
    return refuse(ctx, { kind: 'notNumber', text: nodeText(node) });
  return Number(node.text);
}

/** A layer number below the protocol's `limit` and, when known, the keyboard's layer count. */
function layerNumber(node: KeycodeNode, limit: number, ctx: Context): number | null {
  const n = integer(node, ctx);
  if (n === null) return null;
  if (ctx.layers !== undefined && n >= ctx.layers)
    return refuse(ctx, { kind: 'layerBeyondKeyboard', layer: n, layers: ctx.layers });
  return n < limit
    ? n
    : refuse(ctx, { kind: 'numberTooLarge', text: node.kind === 'word' ? node.text : '', max: limit - 1 });
}

function indexed(
  range: IndexRange,
  node: KeycodeNode,
  ctx: Context,
  what: 'layer' | 'macro' | 'index',
): number | null {
  if (what === 'layer') {
    const n = layerNumber(node, range.count, ctx);
    return n === null ? null : range.base + n;
  }
  const n = integer(node, ctx);
  if (n === null) return null;
  if (what === 'macro' && ctx.macros !== undefined && n >= ctx.macros)
    return refuse(ctx, { kind: 'macroBeyondKeyboard', index: n, macros: ctx.macros });
  if (n >= range.count) return refuse(ctx, { kind: 'numberTooLarge', text: String(n), max: range.count - 1 });
  return range.base + n;
}
