import { z } from './zod.ts';
import {
  KC_DEBOUNCE_TYPE_COUNT,
  KC_PER_KEY_TYPE_COUNT,
  KC_REPORT_RATE_DIVIDER_MAX,
  KC_RGB_MODE_MIXED_RGB,
  KC_SNAP_CLICK_TYPE_COUNT,
  KC_SNAP_CLICK_TYPE_NONE,
} from '../qmk/keychronValues.ts';
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

const byte = z.number().int().min(0).max(255);
const below = (n: number) =>
  z
    .number()
    .int()
    .min(0)
    .max(n - 1);
const hsv = z.tuple([byte, byte, byte]);

/** The limits a section can name at all (one byte of LEDs, the firmware's own regions and lists). */
const MAX_LEDS = 255;
const MAX_REGIONS = 8;
const MAX_EFFECTS = 16;
const MAX_PAIRS = 64;

/**
 * What a file's `keychron` object may hold: every count bounded, every value one the firmware accepts (a
 * per-key effect 0-4, effects below the mixed-RGB mode, Snap Click types 0-5 with both keys when active,
 * debounce types 0-6, report-rate dividers 0-6), so a section that passes can be written as it is.
 */
const KeychronSectionSchema = z.object({
  version: z.literal(1),
  rgb: z
    .object({
      perKeyType: below(KC_PER_KEY_TYPE_COUNT),
      colors: z.array(hsv).max(MAX_LEDS),
      regions: z.array(below(MAX_REGIONS)).max(MAX_LEDS),
      effects: z
        .array(
          z
            .array(
              z.object({
                effect: below(KC_RGB_MODE_MIXED_RGB),
                hue: byte,
                sat: byte,
                speed: byte,
                timeMs: z.number().int().min(0).max(0xffffffff),
              }),
            )
            .max(MAX_EFFECTS),
        )
        .max(MAX_REGIONS),
      osIndicator: z.object({ disable: byte, color: hsv }),
    })
    .optional(),
  snapClick: z
    .array(
      z
        .tuple([below(KC_SNAP_CLICK_TYPE_COUNT), byte, byte])
        .refine(([type, k1, k2]) => type === KC_SNAP_CLICK_TYPE_NONE || (k1 !== 0 && k2 !== 0)),
    )
    .max(MAX_PAIRS)
    .optional(),
  debounce: z.object({ type: below(KC_DEBOUNCE_TYPE_COUNT), ms: byte }).optional(),
  reportRateDivider: z.number().int().min(0).max(KC_REPORT_RATE_DIVIDER_MAX).optional(),
  language: byte.optional(),
});

/** A file's `keychron` value checked: the section, or null when it is not one (the whole file is refused). */
export function parseKeychronSection(raw: unknown): KeychronSection | null {
  const parsed = KeychronSectionSchema.safeParse(raw);
  return parsed.success ? (parsed.data as KeychronSection) : null;
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
