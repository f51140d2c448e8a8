import { useMemo } from 'react';
import type { BindingModel } from '../../keymap/bindingModel.ts';
import { findBindings } from '../../keymap/findBindings.ts';
import { layerReach, type BindingPlace, type KeymapView, type LayerReach } from '../../keymap/layerReach.ts';
import { fallThroughs, type Landing } from '../../keymap/transparency.ts';

/** What the keymap tools show of a keymap, for any family's bindings `B`. */
export interface BindingAnalysis<B> {
  /** How every layer is reached. */
  reach: LayerReach<B>[];
  /** The layers marked on under the shown one (the base layer unless others were marked). */
  under: readonly number[];
  /** For each drawn key: where its press falls through to (undefined: it has its own binding, or no position). */
  through: (Landing<B> | null | undefined)[];
  /** Find's hits on every layer (encoders included where the family has them). */
  hits: BindingPlace[];
  /** Whether Find has text that reads as a search. */
  searching: boolean;
}

const NOT_SEARCHING = { hits: [], searching: false };

/**
 * The keymap analysis of src/keymap/ for the keymap tools, the same for every family (VIA and Vial through the QMK
 * binding model, ZMK through its own): how each layer is reached from `base`, what the shown `layer`'s
 * transparent keys fall through to (over the `marked` layers, else `base`), and Find's hits for `matches`.
 * `positions` gives each drawn key's position in the view (-1: none). Each part is worked out again only when
 * what it reads changes.
 */
export function useBindingAnalysis<B>(
  view: KeymapView<B>,
  model: BindingModel<B>,
  base: number,
  layer: number,
  marked: readonly number[] | null | undefined,
  positions: readonly number[],
  matches: ((binding: B) => boolean) | null,
): BindingAnalysis<B> {
  const reach = useMemo(() => layerReach(view, model, base), [view, model, base]);
  const under = useMemo(() => marked ?? [base], [marked, base]);
  const through = useMemo(() => {
    const byPosition = fallThroughs(view.keymap, model, layer, under);
    return positions.map((p) => (p >= 0 ? byPosition[p] : undefined));
  }, [view, model, layer, under, positions]);
  const found = useMemo(
    () => (matches ? { hits: findBindings(view, matches), searching: true } : NOT_SEARCHING),
    [view, matches],
  );
  return useMemo(() => ({ reach, under, through, ...found }), [reach, under, through, found]);
}
