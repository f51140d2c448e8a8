import { useMemo } from 'react';
import type { BindingModel } from '../../../keymap/bindingModel.ts';
import { findBindings } from '../../../keymap/findBindings.ts';
import { layerReach, type BindingPlace, type LayerReach } from '../../../keymap/layerReach.ts';
import { fallThroughs, type Landing } from '../../../keymap/transparency.ts';
import { zmkBaseLayer, zmkBindingModel, zmkKeymapView } from '../../../keymap/zmkBindingModel.ts';
import { underIndexes, type ZmkLayersUnder } from '../../../keymap/zmkLayersUnder.ts';
import { zmkBindingQuery } from '../../../keymap/zmkBindingQuery.ts';
import type { ZmkKeyboardState } from '../../../state/zmkKeyboardStore.ts';
import { bindingLabel, type ZmkKeyLabel } from '../../../zmk/bindingLabel.ts';
import type { ZmkBinding } from '../../../zmk/keymapData.ts';
import { useHostLayout } from '../../legends/useHostLayout.ts';
import { behaviorsById, layerChoices } from './zmkKeys.ts';

const NO_MACROS: readonly number[] = [];

export interface ZmkInsight {
  /** The default layer's index (layer id 0): always on, the bottom of every fall-through. */
  base: number;
  reach: LayerReach<ZmkBinding>[];
  /** The layers on under the shown one. */
  under: readonly number[];
  /** For each key of the selected layout: where its press falls through to (undefined: its own binding). */
  through: (Landing<ZmkBinding> | null | undefined)[];
  hits: BindingPlace[];
  /** ZMK has no macros to search: always empty (the shared bar lists a family's macro hits). */
  macroHits: readonly number[];
  searching: boolean;
  /** Each key's position, as the marks read them (a ZMK key is drawn at its keymap position). */
  drawn: { matrixIndex: number; key: object }[];
  /** How ZMK bindings read (the shared analysis's binding model), and the positions the selected layout draws. */
  model: BindingModel<ZmkBinding>;
  used: readonly number[];
  describe(binding: ZmkBinding): ZmkKeyLabel;
}

/**
 * The keymap analysis of src/keymap/ for a ZMK keyboard, through the ZMK binding model: how each layer is
 * reached, what the shown layer's transparent keys fall through to, and Find's hits, over the keys of the
 * selected physical layout.
 */
export function useZmkInsight(
  state: Pick<ZmkKeyboardState, 'keymap' | 'layouts' | 'behaviors'> &
    Partial<Pick<ZmkKeyboardState, 'removed'>>,
  layer: number,
  /** The layers marked on under each shown layer, by layer id; Find's text. */
  under: ZmkLayersUnder,
  query: string,
): ZmkInsight | null {
  const hostLayout = useHostLayout();
  const { keymap, layouts, behaviors, removed } = state;
  const keyCount = layouts?.layouts[layouts.activeIndex]?.keys.length ?? 0;
  const analysis = useMemo(() => {
    if (!keymap) return null;
    const model = zmkBindingModel(keymap, behaviors);
    const view = zmkKeymapView(keymap, keyCount);
    const base = zmkBaseLayer(keymap);
    const byId = behaviorsById(behaviors);
    const layers = layerChoices({ keymap, removed });
    const describe = (binding: ZmkBinding) =>
      bindingLabel(binding, byId.get(binding.behaviorId) ?? null, layers, hostLayout);
    const drawn = Array.from({ length: keyCount }, (_, i) => ({ matrixIndex: i, key: {} }));
    const used = drawn.map((_, i) => i);
    return { model, view, base, describe, drawn, used, reach: layerReach(view, model, base) };
  }, [keymap, behaviors, removed, keyCount, hostLayout]);
  const marked = useMemo(
    () => (keymap ? (underIndexes(keymap, under, layer) ?? undefined) : undefined),
    [keymap, under, layer],
  );
  const through = useMemo(() => {
    if (!analysis) return [];
    const under = marked ?? [analysis.base];
    return fallThroughs(analysis.view.keymap, analysis.model, layer, under).slice(0, keyCount);
  }, [analysis, marked, layer, keyCount]);
  const found = useMemo(() => {
    if (!analysis || !keymap) return { hits: [], searching: false };
    const matches = zmkBindingQuery(query, keymap, behaviors, analysis.describe);
    return matches
      ? { hits: findBindings(analysis.view, matches), searching: true }
      : { hits: [], searching: false };
  }, [analysis, keymap, behaviors, query]);
  // One object while nothing changed: the keyboard's decoration is made from it.
  return useMemo(() => {
    if (!analysis) return null;
    const { base, reach, drawn, describe, model, used } = analysis;
    const shownUnder = marked ?? [base];
    return {
      base,
      reach,
      under: shownUnder,
      through,
      drawn,
      model,
      used,
      describe,
      macroHits: NO_MACROS,
      ...found,
    };
  }, [analysis, marked, through, found]);
}
