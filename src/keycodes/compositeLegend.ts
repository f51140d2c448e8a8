import { formatKeycode } from './format.ts';
import { rangesFor } from './generations.ts';
import { composite, hexKeycode, type ComposedLegend } from './keycodeText.ts';

/*
 * The legends of composite keycodes — modifiers around a key, mod-tap, layer-tap, layer-mod, one-shot mods — and
 * `formatKeycode` behind them. No first screen draws one (the demos' keymaps hold named keys and MO(1)): this
 * loads with every legend row (`allLegends`: every on-demand pane, dialog and screen awaits it, the idle prefetch
 * brings it), alone before a first layer that holds one shows (`legendsToLoad`, legends.ts), and with the
 * keycodes barrel. It installs itself in keycodeText.ts, where `keyLegend` finds it.
 */

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

/**
 * The legend of a keycode that is neither named nor of an indexed family (`keyLegend` answers those itself);
 * `inner` is `keyLegend` of the basic key inside it.
 */
export function compositeLegend(
  code: number,
  protocol: number,
  inner: (code: number) => ComposedLegend,
): ComposedLegend {
  const ranges = rangesFor(protocol);
  const text = formatKeycode(code, protocol);
  if (code >= 0x0100 && code <= 0x1fff && (code & 0x0f00) !== 0) {
    const mods = modsLegend((code >> 8) & 0x1f);
    const base = inner(code & 0xff);
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
    const base = inner(code & 0xff);
    return { short: base.short, title: `Mod-tap ${mods}, ${base.title}`, top: mods, bottom: base.short };
  }
  if (fn === 'LT') {
    const layer = (code >> 8) & 0x0f;
    const base = inner(code & 0xff);
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

composite.reading = { formatKeycode, compositeLegend };
