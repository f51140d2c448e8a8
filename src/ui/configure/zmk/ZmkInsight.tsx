import { useCallback, useMemo } from 'react';
import { useStore } from 'zustand';
import type { StoreApi } from 'zustand/vanilla';
import { useTranslation } from '../../../i18n/useTranslation.ts';
import { zmkToolsModel } from '../../../keymap/zmkToolsModel.ts';
import type { ZmkKeyboardState } from '../../../state/zmkKeyboardStore.ts';
import type { KeymapToolsState } from '../../../state/keymapToolsStore.ts';
import type { DecorateKeys } from '../../common/canvasKey.ts';
import { BindingToolsBar } from '../../keymapTools/BindingToolsBar.tsx';
import { useOverview } from '../../keymapTools/useOverview.ts';
import { useToolsInsight } from '../../keymapTools/useToolsInsight.ts';
import { useHostLayout } from '../../legends/useHostLayout.ts';
import { zmkCanvasKeys } from './zmkKeys.ts';
import { layerChoices } from '../../../zmk/bindingParams.ts';
import { useKeyNaming } from '../../canvas/keyNaming.ts';

// Hooks run before the keymap is known; nothing is drawn then.
const EMPTY = zmkToolsModel({ layers: [], availableLayers: 0, maxLayerNameLength: 0 }, [], [], 0, 'us');

export interface ZmkInsightProps {
  state: Pick<ZmkKeyboardState, 'keymap' | 'layouts' | 'behaviors' | 'removed'>;
  /** The shown layer's index. */
  layer: number;
  /** The keymap tools' state (state/zmkToolsStore.ts); the decoration set here is what the keyboard draws. */
  tools: StoreApi<KeymapToolsState<DecorateKeys>>;
  /** Shows a key: its layer, the key selected and focused. */
  onShow(layer: number, position: number): void;
  /** The selected key's position, if one. */
  selected: number | null;
}

/**
 * The keymap tools on a ZMK keyboard: every family's (BindingToolsBar) fed by the ZMK keymap model
 * (`zmkToolsModel`) over the selected physical layout, whose keys are drawn at their keymap positions. The
 * keyboard's store has already put the keys back, shown why and logged it when a move fails. Loaded with its
 * strings when first needed.
 */
export function ZmkInsight({ state, layer, tools, onShow, selected }: ZmkInsightProps) {
  const { t } = useTranslation(['layerTools', 'zmk']);
  const hostLayout = useHostLayout();
  const naming = useKeyNaming();
  const panel = useStore(tools, (s) => s.panel);
  const { keymap, layouts, behaviors, removed } = state;
  const keyCount = layouts?.layouts[layouts.activeIndex]?.keys.length ?? 0;
  const family = useMemo(
    () =>
      keymap && zmkToolsModel(keymap, behaviors, layerChoices(keymap.layers, removed), keyCount, hostLayout),
    [keymap, behaviors, removed, keyCount, hostLayout],
  );
  const drawn = useMemo(
    () => Array.from({ length: keyCount }, (_, i) => ({ matrixIndex: i, key: {} })),
    [keyCount],
  );
  const insight = useToolsInsight(family ?? EMPTY, layer, tools, drawn);
  const keysOf = useCallback(
    (index: number) => zmkCanvasKeys({ keymap, layouts, behaviors, removed }, index, hostLayout, naming),
    [keymap, layouts, behaviors, removed, hostLayout, naming],
  );
  const names = useMemo(() => keymap?.layers.map((l) => l.name) ?? [], [keymap]);
  const overview = useOverview(family ?? EMPTY, insight.reach, panel === 'overview', names, keysOf);
  if (!family) return null;
  return (
    <BindingToolsBar
      layer={layer}
      family={family}
      insight={insight}
      tools={tools}
      selected={selected}
      keyboard={{ enabled: true, report: () => undefined }}
      onShow={(place) => place.kind === 'key' && onShow(place.layer, place.index)}
      keepPlace
      enterOpens="pane"
      unreachableText={t('zmk:insight.unreachable', { n: layer })}
      findPlaceholder={t('zmk:insight.findPlaceholder')}
      overview={overview}
      onChooseOverview={onShow}
    />
  );
}
