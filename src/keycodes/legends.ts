import { LoadOnce } from '../lib/LoadOnce.ts';
import { generationFor, rangesFor } from './generations.ts';
import { composite, familyText, hexKeycode, indexIn } from './keycodeText.ts';
import { isFirstScreenLegendName, LEGEND_TABLE, allLegends, type Legend } from './legendTable.ts';
import { keycodeTable, keycodeTablesComplete, SHIFTED_SYMBOLS, type KeycodeEntry } from './tables.ts';

/**
 * What a person reads for a keycode. `short` is the key-face legend (may wrap to two lines); `title` the full
 * name for the hover bar and screen readers ("Volume up", "Layer-tap 2, Space"). Composite keycodes also say
 * what goes on the top and bottom of a two-line key face.
 */
export interface KeyLegend extends Legend {
  top?: string;
  bottom?: string;
}

export interface KeyLegendContext {
  /** The definition's custom keycodes by CUSTOM(n) index. */
  customKeycodes?: readonly { name: string; title?: string; shortName?: string }[];
}

const SHIFTED_BY_BASE = new Map([...SHIFTED_SYMBOLS.values()].map((s) => [s.base, s.label]));
const RAW_NAME = /^[A-Z0-9_]+$/;

/**
 * A named keycode's legend: our table first, then QMK's label, then the name. Every legacy (protocol ≤ 10) name
 * has a row in the legend tables; those outside KC_…/QK_… load with the rest (`mayHaveLaterLegend` asks for them).
 */
function namedLegend(entry: KeycodeEntry): Legend {
  for (const name of [entry.name, ...entry.aliases]) {
    const row = LEGEND_TABLE.get(name);
    if (row) return row;
  }
  const label = entry.label;
  if (label && !(RAW_NAME.test(label) && label.length > 3 && label.includes('_'))) {
    return { short: label, title: label };
  }
  const plain = entry.name.replace(/^(KC_|QK_)/, '');
  return { short: plain, title: plain };
}

const mayHaveLaterLegend = (name: string) =>
  /^[A-Z][A-Z0-9]*_|^(RESET|DEBUG)$/.test(name) && !isFirstScreenLegendName(name);

/**
 * The composite keycodes' legends and text (compositeLegend.ts) alone: what a first layer holding a mod-tap,
 * layer-tap or modified key waits for when it needs no later row (`allLegends` brings them too).
 */
const compositeLegends = new LoadOnce(() => import('./compositeLegend.ts'));

/**
 * What drawing these keycodes still needs loaded: the legend rows and tables that load with `allLegends` (a
 * named key, or the basic key inside a composite one, with a name that is not KC_… or QK_…, the two legacy names
 * without an underscore included; a keycode above 0xFF that the first screen's table does not name), else the
 * composite keycodes' code (a key above 0xFF that is neither named nor of an indexed family); null when nothing.
 */
export function legendsToLoad(codes: Iterable<number>, protocol: number): LoadOnce<unknown> | null {
  if (allLegends.ready) return null;
  if (!keycodeTablesComplete() && generationFor(protocol) !== 'v12') return allLegends;
  const { byCode } = keycodeTable(protocol);
  let needsComposite = false;
  for (const code of codes) {
    // An indexed family (layers, macros, custom keys, tap dances) `keyLegend` reads itself.
    if (code > 0xff && !byCode.has(code) && familyText(code, rangesFor(protocol)) === null) {
      if (!keycodeTablesComplete() && !isComposedOfBasic(code, protocol)) return allLegends;
      needsComposite ||= !composite.reading;
    }
    for (const part of [code, code & 0xff]) {
      const entry = byCode.get(part);
      if (entry && [entry.name, ...entry.aliases].some(mayHaveLaterLegend)) return allLegends;
    }
  }
  return needsComposite ? compositeLegends : null;
}

/** Whether drawing these keycodes needs anything loaded first (`legendsToLoad`). */
export const needsMoreLegends = (codes: Iterable<number>, protocol: number): boolean =>
  legendsToLoad(codes, protocol) !== null;

/**
 * Whether a keycode above 0xFF reads without a named row: a basic key under modifiers, a mod-tap, layer-tap,
 * layer-mod or one-shot mods. Any other one is named by a row the first screen's table lacks (QK_BOOT, RGB keys …).
 */
function isComposedOfBasic(code: number, protocol: number): boolean {
  const r = rangesFor(protocol);
  return (
    code <= 0x1fff ||
    (code >= r.modTap && code < r.modTap + 0x2000) ||
    (code >= r.layerTap && code < r.layerTap + 0x1000) ||
    (code >= r.layerMod.base && code < r.layerMod.base + (16 << r.layerMod.shift)) ||
    (code >= r.osm && code < r.osm + 0x20)
  );
}

const LAYER_FAMILIES = [
  ['mo', 'MO', 'Momentary layer'],
  ['tg', 'TG', 'Toggle layer'],
  ['tt', 'TT', 'Tap-toggle layer'],
  ['osl', 'OSL', 'One-shot layer'],
  ['to', 'TO', 'Go to layer'],
  ['df', 'DF', 'Default layer'],
  ['pdf', 'PDF', 'Persistent default layer'],
] as const;

/**
 * The friendly legend of a keycode for a protocol: the single entry point for what people read (grid,
 * keycaps, hover bar, accessible names). Pure and cheap; unknown numbers read as their hex text.
 */
export function keyLegend(code: number, protocol: number, ctx: KeyLegendContext = {}): KeyLegend {
  const table = keycodeTable(protocol);
  const ranges = rangesFor(protocol);
  const macro = indexIn(code, ranges.macro);
  if (macro !== null) return { short: `M${macro}`, title: `Macro ${macro}` };
  const custom = indexIn(code, ranges.custom);
  if (custom !== null) {
    const def = ctx.customKeycodes?.[custom];
    if (def) return { short: def.shortName ?? def.name, title: def.title ?? def.name };
    return { short: `Custom ${custom}`, title: `Custom ${custom}` };
  }
  const td = indexIn(code, ranges.tapDance);
  if (td !== null) return { short: `TD ${td}`, title: `Tap dance ${td}` };
  for (const [key, fn, title] of LAYER_FAMILIES) {
    const n = indexIn(code, ranges[key]);
    if (n !== null) return { short: `${fn} ${n}`, title: `${title} ${n}` };
  }
  const entry = table.byCode.get(code);
  if (entry) {
    const legend = namedLegend(entry);
    const shifted = [entry.name, ...entry.aliases].map((n) => SHIFTED_BY_BASE.get(n)).find(Boolean);
    return shifted ? { ...legend, top: shifted, bottom: legend.short } : legend;
  }
  // A composite keycode: its code loads before a keymap holding one shows (`legendsToLoad`).
  if (composite.reading)
    return composite.reading.compositeLegend(code, protocol, (inner) => keyLegend(inner, protocol, ctx));
  const text = hexKeycode(code);
  return { short: text, title: `Keycode ${text}` };
}
