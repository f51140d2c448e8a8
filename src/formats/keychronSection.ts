import type {
  Hsv,
  KeychronEffect,
  SnapClickPair,
  KeychronPatch,
  KeychronSettings,
} from '../qmk/keychronSettings.ts';

/**
 * The `keychron` object of a layout file (docs/hardware-features.md, "Keychron boards"): every Keychron setting a
 * board holds, so Save + Load carries them beside the keymap. VIA ignores keys it does not know, so the file
 * still loads there. Lossless: what is read back is what the board held. Checked whole before anything is
 * written (`parseKeychronSection`); applied as patches of only what differs (`keychronPatches`).
 */
export interface KeychronSection {
  version: 1;
  rgb?: {
    perKeyType: number;
    /** Per LED index: [hue, saturation, value]. */
    colors: Hsv[];
    /** Per LED index: its mixed-RGB region. */
    regions: number[];
    /** Per region: its effect list. */
    effects: { effect: number; hue: number; sat: number; speed: number; timeMs: number }[][];
    osIndicator: { disable: number; color: Hsv };
  };
  /** [type, key 1, key 2] per pair. */
  snapClick?: [number, number, number][];
  debounce?: { type: number; ms: number };
  reportRateDivider?: number;
  language?: number;
}

export function buildKeychronSection(s: KeychronSettings): KeychronSection {
  return {
    version: 1,
    ...(s.rgb
      ? {
          rgb: {
            perKeyType: s.rgb.perKeyType,
            colors: s.rgb.colors,
            regions: s.rgb.regionOf,
            effects: s.rgb.effects,
            osIndicator: { disable: s.rgb.osIndicator.disable, color: s.rgb.osIndicator.color },
          },
        }
      : {}),
    ...(s.snapClick
      ? { snapClick: s.snapClick.map((p) => [p.type, p.key1, p.key2] as [number, number, number]) }
      : {}),
    ...(s.debounce ? { debounce: s.debounce } : {}),
    ...(s.reportRate ? { reportRateDivider: s.reportRate.divider } : {}),
    ...(s.language !== null ? { language: s.language } : {}),
  };
}

const isByte = (v: unknown): v is number => Number.isInteger(v) && (v as number) >= 0 && (v as number) <= 255;
const isBytes = (v: unknown, n: number) => Array.isArray(v) && v.length === n && v.every(isByte);
/** A list of at most `max` items each passing `item`. */
const listOf = (v: unknown, max: number, item: (x: unknown) => boolean) =>
  Array.isArray(v) && v.length <= max && v.every(item);
const isObject = (v: unknown): v is Record<string, unknown> =>
  !!v && typeof v === 'object' && !Array.isArray(v);

/** The limits a section can name at all (one byte of LEDs, the firmware's own regions and lists). */
const MAX_LEDS = 255;
const MAX_REGIONS = 8;
const MAX_EFFECTS = 16;
const MAX_PAIRS = 64;

function isEffect(v: unknown): boolean {
  if (!isObject(v)) return false;
  const { effect, hue, sat, speed, timeMs } = v;
  return (
    [effect, hue, sat, speed].every(isByte) &&
    Number.isInteger(timeMs) &&
    (timeMs as number) >= 0 &&
    (timeMs as number) <= 0xffffffff
  );
}

/** A file's `keychron` value checked: the section, or null when it is not one (the whole file is refused). */
export function parseKeychronSection(raw: unknown): KeychronSection | null {
  if (!isObject(raw) || raw.version !== 1) return null;
  const { rgb, snapClick, debounce, reportRateDivider, language } = raw;
  if (rgb !== undefined) {
    if (!isObject(rgb) || !isByte(rgb.perKeyType)) return null;
    if (!listOf(rgb.colors, MAX_LEDS, (c) => isBytes(c, 3))) return null;
    if (!listOf(rgb.regions, MAX_LEDS, isByte)) return null;
    if (!listOf(rgb.effects, MAX_REGIONS, (l) => listOf(l, MAX_EFFECTS, isEffect))) return null;
    const os = rgb.osIndicator;
    if (!isObject(os) || !isByte(os.disable) || !isBytes(os.color, 3)) return null;
  }
  if (snapClick !== undefined && !listOf(snapClick, MAX_PAIRS, (p) => isBytes(p, 3))) return null;
  if (debounce !== undefined && !(isObject(debounce) && isByte(debounce.type) && isByte(debounce.ms)))
    return null;
  if (reportRateDivider !== undefined && !isByte(reportRateDivider)) return null;
  if (language !== undefined && !isByte(language)) return null;
  return raw as unknown as KeychronSection;
}

/** Why part of a section does not fit the board (it is left out; the rest loads). */
export type KeychronFitNote = 'ledCount' | 'regionCount' | 'effectCount' | 'pairCount' | 'missing';

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The patches that make the board hold the section: only what differs from `now`, and only parts the board has
 * with the same shape (LED count, regions, list length, pairs); what does not fit is named in `notes`.
 */
export function keychronPatches(
  section: KeychronSection,
  now: KeychronSettings,
): { patches: KeychronPatch[]; notes: KeychronFitNote[] } {
  const patches: KeychronPatch[] = [];
  const notes: KeychronFitNote[] = [];
  const rgb = now.rgb;
  const f = section.rgb;
  if (f && !rgb) notes.push('missing');
  if (f && rgb) {
    if (f.perKeyType !== rgb.perKeyType) patches.push({ kind: 'perKeyType', type: f.perKeyType });
    if (f.colors.length !== rgb.ledCount || f.regions.length !== rgb.ledCount) notes.push('ledCount');
    else {
      const colors = f.colors.flatMap((c, led) =>
        same(c, rgb.colors[led]) ? [] : [[led, c] as [number, Hsv]],
      );
      if (colors.length) patches.push({ kind: 'colors', entries: colors });
      if (f.regions.some((r) => r >= rgb.regions)) notes.push('regionCount');
      else {
        const regions = f.regions.flatMap((r, led) =>
          r === rgb.regionOf[led] ? [] : [[led, r] as [number, number]],
        );
        if (regions.length) patches.push({ kind: 'regions', entries: regions });
      }
    }
    if (f.effects.length !== rgb.regions || f.effects.some((l) => l.length !== rgb.effectsPerRegion))
      notes.push('effectCount');
    else
      f.effects.forEach((list, region) => {
        if (!same(list, rgb.effects[region]))
          patches.push({ kind: 'effects', region, list: list as KeychronEffect[] });
      });
    const os = f.osIndicator;
    if (os.disable !== rgb.osIndicator.disable || !same(os.color, rgb.osIndicator.color))
      patches.push({ kind: 'osIndicator', disable: os.disable, color: os.color });
  }
  if (section.snapClick) {
    if (!now.snapClick) notes.push('missing');
    else if (section.snapClick.length !== now.snapClick.length) notes.push('pairCount');
    else
      section.snapClick.forEach(([type, key1, key2], index) => {
        const pair: SnapClickPair = { type, key1, key2 };
        if (!same(pair, now.snapClick![index])) patches.push({ kind: 'snapClick', index, pair });
      });
  }
  const d = section.debounce;
  if (d && now.debounce && (d.type !== now.debounce.type || d.ms !== now.debounce.ms))
    patches.push({ kind: 'debounce', type: d.type, ms: d.ms });
  const r = section.reportRateDivider;
  if (r !== undefined && now.reportRate && r !== now.reportRate.divider)
    patches.push({ kind: 'reportRate', divider: r });
  const l = section.language;
  if (l !== undefined && now.language !== null && l !== now.language)
    patches.push({ kind: 'language', language: l });
  if ((d && !now.debounce) || (r !== undefined && !now.reportRate)) notes.push('missing');
  return { patches, notes: [...new Set(notes)] };
}
