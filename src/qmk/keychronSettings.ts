/**
 * Every Keychron setting of one board as the app holds it, and the edits made to it (`KeychronPatch`): pure data,
 * so the store can show an edit at once, undo it by its inverse (`invertPatch`) and the service can write it.
 */

/** What the board says it has (0xA2 and 0xA7 0x01): the panes follow these, never the product name. */
export interface KeychronFeatures {
  rgb: boolean;
  snapClick: boolean;
  debounce: boolean;
  reportRate: boolean;
  nkro: boolean;
  language: boolean;
}

/** What bounds a request: the board's own answers (LED count 0xA8 0x05, mixed-RGB info 0xA8 0x0B) and matrix. */
export interface KeychronBounds {
  ledCount: number;
  /** Mixed-RGB regions (0xA8 0x0B byte 3); 0 when the board has no Keychron RGB. */
  regions: number;
  /** Effect-list entries per region (0xA8 0x0B byte 4). */
  effectsPerRegion: number;
  /** The first effect number an effect list may not hold (the board's mixed-RGB mode number, 24). */
  effectLimit: number;
  rows: number;
  cols: number;
  /** Snap Click pairs (0xA7 0x07). */
  snapPairs: number;
}

/** One mixed-RGB effect-list entry: an RGB-matrix mode number (0 = empty), HSV, speed and play time. */
export interface KeychronEffect {
  effect: number;
  hue: number;
  sat: number;
  speed: number;
  /** How long the entry plays, in ms (u32). */
  timeMs: number;
}

/** One Snap Click pair: its type (0 off … 5 neutral) and two basic HID keycodes. */
export interface SnapClickPair {
  type: number;
  key1: number;
  key2: number;
}

export type Hsv = [hue: number, sat: number, val: number];

export interface KeychronRgb {
  ledCount: number;
  regions: number;
  effectsPerRegion: number;
  /** LED index at [row][col], null where the matrix position has no LED. */
  ledMap: (number | null)[][];
  /** Per-key effect type (0 solid … 4 reactive splash). */
  perKeyType: number;
  /** Per-LED HSV colour, by LED index. */
  colors: Hsv[];
  /** Mixed-RGB region of each LED, by LED index. */
  regionOf: number[];
  /** Each region's timed effect list ([region][slot]). */
  effects: KeychronEffect[][];
  osIndicator: { supported: number; disable: number; color: Hsv };
}

export interface KeychronSettings {
  features: KeychronFeatures;
  rgb: KeychronRgb | null;
  snapClick: SnapClickPair[] | null;
  debounce: { type: number; ms: number } | null;
  reportRate: { divider: number; supported: number } | null;
  /** NKRO bits (0x01 on, 0x02 switchable, 0x04 adaptive). */
  nkro: number | null;
  language: number | null;
}

/** One change the user made, as the keyboard is asked to hold it. */
export type KeychronPatch =
  | { kind: 'colors'; entries: [led: number, color: Hsv][] }
  | { kind: 'regions'; entries: [led: number, region: number][] }
  | { kind: 'effects'; region: number; list: KeychronEffect[] }
  | { kind: 'perKeyType'; type: number }
  | { kind: 'osIndicator'; disable: number; color: Hsv }
  | { kind: 'snapClick'; index: number; pair: SnapClickPair }
  | { kind: 'debounce'; type: number; ms: number }
  | { kind: 'reportRate'; divider: number }
  | { kind: 'language'; language: number }
  | { kind: 'nkro'; on: boolean };

/** Which firmware save a patch waits for: RGB (0xA8 0x02), Snap Click (0xA7 0x0A), or none (stored at once). */
export function saveGroup(patch: KeychronPatch): 'rgb' | 'snapClick' | null {
  if (patch.kind === 'snapClick') return 'snapClick';
  return ['colors', 'regions', 'effects', 'perKeyType', 'osIndicator'].includes(patch.kind) ? 'rgb' : null;
}

/** The settings with `patch` applied (a new object; the old one is left as it was). */
export function applyPatch(s: KeychronSettings, patch: KeychronPatch): KeychronSettings {
  const rgb = s.rgb;
  switch (patch.kind) {
    case 'colors': {
      if (!rgb) return s;
      const colors = [...rgb.colors];
      for (const [led, color] of patch.entries) colors[led] = color;
      return { ...s, rgb: { ...rgb, colors } };
    }
    case 'regions': {
      if (!rgb) return s;
      const regionOf = [...rgb.regionOf];
      for (const [led, region] of patch.entries) regionOf[led] = region;
      return { ...s, rgb: { ...rgb, regionOf } };
    }
    case 'effects':
      return rgb
        ? { ...s, rgb: { ...rgb, effects: rgb.effects.map((l, r) => (r === patch.region ? patch.list : l)) } }
        : s;
    case 'perKeyType':
      return rgb ? { ...s, rgb: { ...rgb, perKeyType: patch.type } } : s;
    case 'osIndicator':
      return rgb
        ? {
            ...s,
            rgb: { ...rgb, osIndicator: { ...rgb.osIndicator, disable: patch.disable, color: patch.color } },
          }
        : s;
    case 'snapClick':
      return s.snapClick
        ? { ...s, snapClick: s.snapClick.map((p, i) => (i === patch.index ? patch.pair : p)) }
        : s;
    case 'debounce':
      return { ...s, debounce: { type: patch.type, ms: patch.ms } };
    case 'reportRate':
      return s.reportRate ? { ...s, reportRate: { ...s.reportRate, divider: patch.divider } } : s;
    case 'language':
      return { ...s, language: patch.language };
    case 'nkro':
      return { ...s, nkro: ((s.nkro ?? 0) & ~1) | (patch.on ? 1 : 0) };
  }
}

/** The patch that puts back what `s` holds where `patch` would change it (its undo). */
export function invertPatch(s: KeychronSettings, patch: KeychronPatch): KeychronPatch {
  const rgb = s.rgb;
  switch (patch.kind) {
    case 'colors':
      return { kind: 'colors', entries: patch.entries.map(([led]) => [led, rgb?.colors[led] ?? [0, 0, 0]]) };
    case 'regions':
      return { kind: 'regions', entries: patch.entries.map(([led]) => [led, rgb?.regionOf[led] ?? 0]) };
    case 'effects':
      return { kind: 'effects', region: patch.region, list: rgb?.effects[patch.region] ?? [] };
    case 'perKeyType':
      return { kind: 'perKeyType', type: rgb?.perKeyType ?? 0 };
    case 'osIndicator':
      return {
        kind: 'osIndicator',
        disable: rgb?.osIndicator.disable ?? 0,
        color: rgb?.osIndicator.color ?? [0, 0, 0],
      };
    case 'snapClick':
      return {
        kind: 'snapClick',
        index: patch.index,
        pair: s.snapClick?.[patch.index] ?? { type: 0, key1: 0, key2: 0 },
      };
    case 'debounce':
      return { kind: 'debounce', type: s.debounce?.type ?? 0, ms: s.debounce?.ms ?? 0 };
    case 'reportRate':
      return { kind: 'reportRate', divider: s.reportRate?.divider ?? 0 };
    case 'language':
      return { kind: 'language', language: s.language ?? 0 };
    case 'nkro':
      return { kind: 'nkro', on: !!((s.nkro ?? 0) & 1) };
  }
}

/** What bounds every request to this board: its reported LED and region counts, and its matrix. */
export function boundsOf(
  s: KeychronSettings,
  matrix: { rows: number; cols: number },
  effectLimit: number,
): KeychronBounds {
  return {
    ledCount: s.rgb?.ledCount ?? 0,
    regions: s.rgb?.regions ?? 0,
    effectsPerRegion: s.rgb?.effectsPerRegion ?? 0,
    effectLimit,
    rows: matrix.rows,
    cols: matrix.cols,
    snapPairs: s.snapClick?.length ?? 0,
  };
}
