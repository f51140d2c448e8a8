import type { ZmkBinding, ZmkKeyGeometry, ZmkLayer, ZmkPhysicalLayouts } from '../zmk/keymapData.ts';

/** Bindings read earlier in the keymap's own order, by layer id (what another layout does not report). */
export type ZmkKeymapBindingsById = ReadonlyMap<number, readonly ZmkBinding[]>;

/** The bindings as a `.keymap` lists them, and what could not be read in that order. */
export interface ZmkKeymapOrder {
  /** The layout whose key order the bindings are in (the keymap's own when `own`). */
  layout: { name: string; keys: ZmkKeyGeometry[] } | undefined;
  /** The bindings are in the keymap's own position order (false: the shown layout's, which may not be it). */
  own: boolean;
  /** The layout the keyboard shows, when it is another one than `layout`. */
  shown: string | null;
  /** Per layer (same order as the keymap's layers), per position; null: not read (written as &none). */
  bindings: (ZmkBinding | null)[][];
  /** Positions of the keymap's order no binding was read for (another layout is shown, nothing read before). */
  unread: number;
  /** Several layouts have the keymap's count of keys: which one is its own is a guess (the shown one). */
  ambiguous: boolean;
}

/**
 * The layouts whose keys may be the keymap's own positions: the one with as many keys as the keymap has positions
 * (ZMK lists one binding per keymap position, the longest layout's count).
 */
function fitting(physical: ZmkPhysicalLayouts, positions: number): number[] {
  return physical.layouts.flatMap((l, i) => (l.keys.length === positions ? [i] : []));
}

/** The keymap's own layout: the shown one when it fits, else the only one that does; null when none or several. */
function ownLayoutIndex(fits: readonly number[], activeIndex: number): number | null {
  if (fits.includes(activeIndex)) return activeIndex;
  return fits.length === 1 ? fits[0]! : null;
}

/**
 * The bindings in the order ZMK's `.keymap` expects: the keymap's own positions, whatever layout the keyboard
 * shows. On another layout the firmware reports each shown key's binding, taken from the own layout's key at the
 * same place (x, y) — the mapping it uses without a position map — so each is put back there; positions the
 * shown layout lacks come from `earlier` (read while the own layout was shown) when given, else are unread.
 * When the shown keys cannot all be placed (a board with its own position map) or no layout is the keymap's
 * own, the bindings stay in the shown layout's order (`own` false).
 */
export function zmkKeymapOrder(
  layers: readonly ZmkLayer[],
  physical: ZmkPhysicalLayouts,
  earlier?: ZmkKeymapBindingsById,
): ZmkKeymapOrder {
  const positions = Math.max(0, ...layers.map((l) => l.bindings.length));
  const active = physical.layouts[physical.activeIndex];
  const fits = fitting(physical, positions);
  const ambiguous = fits.length > 1;
  const asShown = (own: boolean): ZmkKeymapOrder => ({
    layout: active,
    own,
    shown: null,
    bindings: layers.map((l) => [...l.bindings]),
    unread: 0,
    ambiguous,
  });
  const ownIndex = ownLayoutIndex(fits, physical.activeIndex);
  if (ownIndex === null || !active) return asShown(false);
  if (ownIndex === physical.activeIndex) return asShown(true);
  const own = physical.layouts[ownIndex]!;
  // Shown position → own position, by the key's place.
  const shownAt = new Map<number, number>();
  for (const [p, key] of active.keys.entries()) {
    const s = own.keys.findIndex((k, i) => k.x === key.x && k.y === key.y && !shownAt.has(i));
    if (s < 0) return asShown(false);
    shownAt.set(s, p);
  }
  let unread = 0;
  const bindings = layers.map((layer) =>
    own.keys.map((_, s) => {
      const p = shownAt.get(s);
      if (p !== undefined) return layer.bindings[p] ?? null;
      return earlier?.get(layer.id)?.[s] ?? null;
    }),
  );
  for (let s = 0; s < own.keys.length; s++) if (bindings.some((b) => b[s] === null)) unread++;
  return { layout: own, own: true, shown: active.name, bindings, unread, ambiguous };
}
