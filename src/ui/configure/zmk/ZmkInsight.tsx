import { useMemo } from 'react';
import type { StoreApi } from 'zustand/vanilla';
import { useTranslation } from '../../../i18n/useTranslation.ts';
import { zmkToolsModel } from '../../../keymap/zmkToolsModel.ts';
import type { KeymapToolsState } from '../../../state/keymapToolsStore.ts';
import type { ZmkBehavior } from '../../../zmk/behavior.ts';
import type { ZmkLayerChoice } from '../../../zmk/bindingParams.ts';
import type { ZmkKeymapData } from '../../../zmk/keymapData.ts';
import type { CanvasKey, DecorateKeys } from '../../common/canvasKey.ts';
import { BindingToolsBar } from '../../keymapTools/BindingToolsBar.tsx';
import { useHostLayout } from '../../legends/useHostLayout.ts';

export interface ZmkInsightProps {
  keymap: ZmkKeymapData;
  behaviors: readonly ZmkBehavior[];
  /** The layers a binding may name (`layerChoices`), the ones removed this session marked. */
  layers: readonly ZmkLayerChoice[];
  /** The selected physical layout's keys: drawn at their keymap positions. */
  keyCount: number;
  /** The shown layer's index. */
  layer: number;
  /** The keymap tools' state (state/zmkToolsStore.ts); the decoration set here is what the keyboard draws. */
  tools: StoreApi<KeymapToolsState<DecorateKeys>>;
  /** Shows a key: its layer, the key selected and focused. */
  onShow(layer: number, position: number): void;
  /** The selected key's position, if one. */
  selected: number | null;
  /** The layers' names, and a layer's keys as the screen draws them (All layers). */
  names: readonly string[];
  keysOf(layer: number): CanvasKey[];
}

/**
 * The keymap tools on a ZMK keyboard: every family's (BindingToolsBar) given the ZMK keymap model
 * (`zmkToolsModel`) over the selected physical layout, whose keys are drawn at their keymap positions. The
 * keyboard's store has already put the keys back, shown why and logged it when a move fails. Loaded with its
 * strings when first needed.
 */
export function ZmkInsight({
  keymap,
  behaviors,
  layers,
  keyCount,
  layer,
  onShow,
  ...shown
}: ZmkInsightProps) {
  const { t } = useTranslation(['layerTools', 'zmk']);
  const hostLayout = useHostLayout();
  const family = useMemo(
    () => zmkToolsModel(keymap, behaviors, layers, keyCount, hostLayout),
    [keymap, behaviors, layers, keyCount, hostLayout],
  );
  const drawn = useMemo(
    () => Array.from({ length: keyCount }, (_, i) => ({ matrixIndex: i, key: {} })),
    [keyCount],
  );
  return (
    <BindingToolsBar
      {...shown}
      layer={layer}
      family={family}
      drawn={drawn}
      keyboard={{ enabled: true, report: () => undefined }}
      onShow={(place) => place.kind === 'key' && onShow(place.layer, place.index)}
      keepPlace
      enterOpens="pane"
      unreachableText={t('zmk:insight.unreachable', { n: layer })}
      findPlaceholder={t('zmk:insight.findPlaceholder')}
      onChooseOverview={onShow}
    />
  );
}
