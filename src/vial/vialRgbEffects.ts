/**
 * VialRGB's effect ids and QMK's names for them (vial-qmk quantum/vialrgb_effects.inc; ids never change, new
 * effects are only added at the end). The name is QMK's RGB Matrix effect name in English, the one users find in
 * QMK's documentation and in vial-gui; the pane shows a translation (`vialRgb:effect.<key>`) beside it.
 */
export interface VialRgbEffect {
  id: number;
  /** Translation key under `vialRgb:effect.*`. */
  key: string;
  /** QMK's name (vial-gui shows the same words). */
  name: string;
}

/** The "effect off" id: always supported, never listed by get supported (it asks for ids above 0). */
export const VIALRGB_EFFECT_OFF = 0;

const NAMES = [
  'Off',
  'Direct Control',
  'Solid Color',
  'Alphas Mods',
  'Gradient Up Down',
  'Gradient Left Right',
  'Breathing',
  'Band Sat',
  'Band Val',
  'Band Pinwheel Sat',
  'Band Pinwheel Val',
  'Band Spiral Sat',
  'Band Spiral Val',
  'Cycle All',
  'Cycle Left Right',
  'Cycle Up Down',
  'Rainbow Moving Chevron',
  'Cycle Out In',
  'Cycle Out In Dual',
  'Cycle Pinwheel',
  'Cycle Spiral',
  'Dual Beacon',
  'Rainbow Beacon',
  'Rainbow Pinwheels',
  'Raindrops',
  'Jellybean Raindrops',
  'Hue Breathing',
  'Hue Pendulum',
  'Hue Wave',
  'Typing Heatmap',
  'Digital Rain',
  'Solid Reactive Simple',
  'Solid Reactive',
  'Solid Reactive Wide',
  'Solid Reactive Multiwide',
  'Solid Reactive Cross',
  'Solid Reactive Multicross',
  'Solid Reactive Nexus',
  'Solid Reactive Multinexus',
  'Splash',
  'Multisplash',
  'Solid Splash',
  'Solid Multisplash',
  'Pixel Rain',
  'Pixel Fractal',
] as const;

const keyOf = (name: string) =>
  name
    .split(' ')
    .map((w, i) => (i === 0 ? w.toLowerCase() : w[0]! + w.slice(1).toLowerCase()))
    .join('');

/** Every effect VialRGB names, by id (index = id). */
export const VIALRGB_EFFECTS: readonly VialRgbEffect[] = NAMES.map((name, id) => ({
  id,
  key: keyOf(name),
  name,
}));

/** The effect with this id, or null for an id newer than this table (shown by number). */
export function vialRgbEffect(id: number): VialRgbEffect | null {
  return VIALRGB_EFFECTS[id] ?? null;
}
