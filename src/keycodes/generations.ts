/**
 * Keycode numbering differs by VIA protocol (via-protocol.md §4.1–4.2). Tables are chosen with `>=`
 * thresholds, so a future protocol keeps the newest numbering instead of falling back to the oldest.
 */
export type Generation = 'legacy' | 'v11' | 'v12';

export function generationFor(protocol: number): Generation {
  if (protocol >= 12) return 'v12';
  if (protocol >= 11) return 'v11';
  return 'legacy';
}

/** A range of keycodes `base + n`, n in [0, count). */
export interface IndexRange {
  base: number;
  count: number;
}

/** Layout of every computed keycode family for one generation. */
export interface Ranges {
  modTap: number;
  layerTap: number;
  /** LM base, mod mask (15 or 31) and layer shift (4 or 5). */
  layerMod: { base: number; modMask: number; shift: number };
  to: IndexRange;
  mo: IndexRange;
  df: IndexRange;
  tg: IndexRange;
  osl: IndexRange;
  osm: number;
  tt: IndexRange;
  /** Persistent default layer (QMK 0.0.6); absent before protocol 12. */
  pdf?: IndexRange;
  macro: IndexRange;
  custom: IndexRange;
  tapDance: IndexRange;
}

const LAYER_RANGE = (base: number): IndexRange => ({ base, count: 32 });

const MODERN: Omit<Ranges, 'macro' | 'custom'> = {
  modTap: 0x2000,
  layerTap: 0x4000,
  layerMod: { base: 0x5000, modMask: 0x1f, shift: 5 },
  to: LAYER_RANGE(0x5200),
  mo: LAYER_RANGE(0x5220),
  df: LAYER_RANGE(0x5240),
  tg: LAYER_RANGE(0x5260),
  osl: LAYER_RANGE(0x5280),
  osm: 0x52a0,
  tt: LAYER_RANGE(0x52c0),
  tapDance: { base: 0x5700, count: 256 },
};

/** Ranges for a protocol. Protocol ≤ 9 has TO at 0x5010 (16 layers); protocol 10 moved it to 0x5000. */
export function rangesFor(protocol: number): Ranges {
  const generation = generationFor(protocol);
  if (generation === 'v12') {
    return {
      ...MODERN,
      pdf: LAYER_RANGE(0x52e0),
      macro: { base: 0x7700, count: 128 },
      custom: { base: 0x7e00, count: 256 },
    };
  }
  if (generation === 'v11') {
    // VIA protocol 11 firmware put FN_MO13/FN_MO23 at 0x7700/0x7701, so macros start at 0x7702; custom at QK_USER.
    return { ...MODERN, macro: { base: 0x7702, count: 16 }, custom: { base: 0x7f00, count: 256 } };
  }
  return {
    modTap: 0x6000,
    layerTap: 0x4000,
    layerMod: { base: 0x5900, modMask: 0x0f, shift: 4 },
    to: protocol >= 10 ? LAYER_RANGE(0x5000) : { base: 0x5010, count: 16 },
    mo: LAYER_RANGE(0x5100),
    df: LAYER_RANGE(0x5200),
    tg: LAYER_RANGE(0x5300),
    osl: LAYER_RANGE(0x5400),
    osm: 0x5500,
    tt: LAYER_RANGE(0x5800),
    macro: { base: 0x5f12, count: 16 },
    custom: { base: 0x5f80, count: 16 },
    tapDance: { base: 0x5700, count: 256 },
  };
}
