import { formatKeycode, hexKeycode } from './format.ts';
import { generationFor, rangesFor, type IndexRange } from './generations.ts';
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

const MOD_SHORT = ['Ctrl', 'Shift', 'Alt', 'Win'] as const;

/** 'Ctrl+Shift', 'RAlt' (right-hand mods carry an R). */
export function modsLegend(mods: number): string {
  const side = mods & 0x10 ? 'R' : '';
  if ((mods & 0x0f) === 0x0f) return side + 'Hyper';
  if ((mods & 0x0f) === 0x07 && !side) return 'Meh';
  return MOD_SHORT.filter((_, bit) => mods & (1 << bit))
    .map((m) => side + m)
    .join('+');
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

/**
 * Whether drawing these keycodes needs the legend rows that load with `allLegends` (a named key, or the
 * basic key inside a composite one, with a name that is not KC_… or QK_…, the two legacy names without an
 * underscore included). False once they are all loaded.
 */
const mayHaveLaterLegend = (name: string) =>
  /^[A-Z][A-Z0-9]*_|^(RESET|DEBUG)$/.test(name) && !isFirstScreenLegendName(name);

export function needsMoreLegends(codes: Iterable<number>, protocol: number): boolean {
  if (allLegends.ready) return false;
  if (!keycodeTablesComplete() && generationFor(protocol) !== 'v12') return true;
  const { byCode } = keycodeTable(protocol);
  for (const code of codes) {
    if (!keycodeTablesComplete() && code > 0xff && !isComposedOfBasic(code, protocol)) return true;
    for (const part of [code, code & 0xff]) {
      const entry = byCode.get(part);
      if (entry && [entry.name, ...entry.aliases].some(mayHaveLaterLegend)) return true;
    }
  }
  return false;
}

/**
 * Whether a keycode above 0xFF reads without a named row: a numbered family (layers, macros, custom keys, tap
 * dances) or a basic key under modifiers, a mod-tap, layer-tap, layer-mod or one-shot mods. Any other one is
 * named by a row the first screen's table lacks (QK_BOOT, RGB keys …).
 */
function isComposedOfBasic(code: number, protocol: number): boolean {
  const r = rangesFor(protocol);
  const numbered = [r.to, r.mo, r.df, r.tg, r.osl, r.tt, r.pdf, r.macro, r.custom, r.tapDance];
  if (numbered.some((range) => indexIn(code, range) !== null)) return true;
  return (
    code <= 0x1fff ||
    (code >= r.modTap && code < r.modTap + 0x2000) ||
    (code >= r.layerTap && code < r.layerTap + 0x1000) ||
    (code >= r.layerMod.base && code < r.layerMod.base + (16 << r.layerMod.shift)) ||
    (code >= r.osm && code < r.osm + 0x20)
  );
}

function indexIn(code: number, range: IndexRange | undefined): number | null {
  return range && code >= range.base && code < range.base + range.count ? code - range.base : null;
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
  const text = formatKeycode(code, protocol);
  const inner = () => keyLegend(code & 0xff, protocol, ctx);
  if (code >= 0x0100 && code <= 0x1fff && (code & 0x0f00) !== 0) {
    const mods = modsLegend((code >> 8) & 0x1f);
    const base = inner();
    // Shift + a key with a shifted symbol is that symbol (LSFT(KC_1) is '!').
    if (((code >> 8) & 0x1f) === 0x02 && base.top) return { short: base.top, title: base.top };
    return {
      short: `${mods}+${base.short}`,
      title: `${mods} + ${base.title}`,
      top: mods,
      bottom: base.short,
    };
  }
  const fn = /^(MT|LT|LM|OSM)\(/.exec(text)?.[1];
  if (fn === 'MT') {
    const mods = modsLegend((code >> 8) & 0x1f);
    const base = inner();
    return { short: base.short, title: `Mod-tap ${mods}, ${base.title}`, top: mods, bottom: base.short };
  }
  if (fn === 'LT') {
    const layer = (code >> 8) & 0x0f;
    const base = inner();
    return {
      short: base.short,
      title: `Layer-tap ${layer}, ${base.title}`,
      top: `LT ${layer}`,
      bottom: base.short,
    };
  }
  if (fn === 'LM') {
    const lm = ranges.layerMod;
    const layer = (code - lm.base) >> lm.shift;
    const mods = modsLegend(code & lm.modMask);
    return { short: `LM ${layer}`, title: `Layer-mod ${layer}, ${mods}`, top: `LM ${layer}`, bottom: mods };
  }
  if (fn === 'OSM') {
    const mods = modsLegend(code - ranges.osm);
    return { short: `OS ${mods}`, title: `One-shot ${mods}`, top: 'OSM', bottom: mods };
  }
  return { short: text, title: text === hexKeycode(code) ? `Keycode ${text}` : text };
}
