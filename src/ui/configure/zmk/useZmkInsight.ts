import { useMemo } from 'react';
import type { BindingModel } from '../../../keymap/bindingModel.ts';
import { zmkBaseLayer, zmkBindingModel, zmkKeymapView } from '../../../keymap/zmkBindingModel.ts';
import { underIndexes, type ZmkLayersUnder } from '../../../keymap/zmkLayersUnder.ts';
import { zmkBindingQuery } from '../../../keymap/zmkBindingQuery.ts';
import type { ZmkKeyboardState } from '../../../state/zmkKeyboardStore.ts';
import { bindingLabel, type ZmkKeyLabel } from '../../../zmk/bindingLabel.ts';
import type { ZmkBinding } from '../../../zmk/keymapData.ts';
import { useHostLayout } from '../../legends/useHostLayout.ts';
import { useBindingAnalysis, type BindingAnalysis } from '../../keymapTools/useBindingAnalysis.ts';
import { behaviorsById, layerChoices } from './zmkKeys.ts';

const NO_MACROS: readonly number[] = [];
const NO_KEYMAP = { layers: [], availableLayers: 0, maxLayerNameLength: 0 };

export interface ZmkInsight extends BindingAnalysis<ZmkBinding> {
  /** The default layer's index (layer id 0): always on, the bottom of every fall-through. */
  base: number;
  /** ZMK has no macros to search: always empty (the shared bar lists a family's macro hits). */
  macroHits: readonly number[];
  /** Each key's position, as the marks read them (a ZMK key is drawn at its keymap position). */
  drawn: { matrixIndex: number; key: object }[];
  /** How ZMK bindings read (the shared analysis's binding model), and the positions the selected layout draws. */
  model: BindingModel<ZmkBinding>;
  used: readonly number[];
  describe(binding: ZmkBinding): ZmkKeyLabel;
}

/**
 * The keymap tools' analysis (useBindingAnalysis, the same as a VIA board's) for a ZMK keyboard, through the ZMK
 * binding model, over the keys of the selected physical layout; what is ZMK's: the default layer is layer id 0
 * wherever it stands, layers marked on under a shown one are kept by id, Find reads ZMK's binding words.
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
  const { layouts, behaviors, removed } = state;
  const keymap = state.keymap ?? NO_KEYMAP;
  const keyCount = layouts?.layouts[layouts.activeIndex]?.keys.length ?? 0;
  const source = useMemo(() => {
    const byId = behaviorsById(behaviors);
    const layers = layerChoices({ keymap, removed });
    const describe = (binding: ZmkBinding) =>
      bindingLabel(binding, byId.get(binding.behaviorId) ?? null, layers, hostLayout);
    const used = Array.from({ length: keyCount }, (_, i) => i);
    const drawn = used.map((i) => ({ matrixIndex: i, key: {} }));
    const model = zmkBindingModel(keymap, behaviors);
    return {
      model,
      view: zmkKeymapView(keymap, keyCount),
      base: zmkBaseLayer(keymap),
      describe,
      drawn,
      used,
    };
  }, [keymap, behaviors, removed, keyCount, hostLayout]);
  const marked = useMemo(() => underIndexes(keymap, under, layer), [keymap, under, layer]);
  const matches = useMemo(
    () => zmkBindingQuery(query, keymap, behaviors, source.describe),
    [query, keymap, behaviors, source],
  );
  const { view, model, base, used } = source;
  const analysis = useBindingAnalysis(view, model, base, layer, marked, used, matches);
  // One object while nothing changed: the keyboard's decoration is made from it.
  return useMemo(
    () => (state.keymap ? { ...analysis, ...source, macroHits: NO_MACROS } : null),
    [state.keymap, analysis, source],
  );
}
