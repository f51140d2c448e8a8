import { useMemo } from 'react';
import { useStore } from 'zustand';
import type { StoreApi } from 'zustand/vanilla';
import { useTranslation } from '../../../i18n/useTranslation.ts';
import { keyFaceLabel } from '../../../keycodes/keyFaceLabel.ts';
import type { KeyPlace } from '../../../keymap/keyMoves.ts';
import type { BindingPlace } from '../../../keymap/layerReach.ts';
import { zmkVacatedBinding } from '../../../keymap/zmkKeyMoves.ts';
import { toggleUnder } from '../../../keymap/zmkLayersUnder.ts';
import type { ZmkKeyboardState } from '../../../state/zmkKeyboardStore.ts';
import type { KeymapToolsState, PickMode } from '../../../state/keymapToolsStore.ts';
import { ZMK_KEYCODE_PROTOCOL } from '../../../zmk/hidKeycodes.ts';
import type { DecorateKeys } from '../../common/canvasKey.ts';
import { BindingToolsBar } from '../../keymapTools/BindingToolsBar.tsx';
import type { OverviewLayer } from '../../keymapTools/LayersOverview.tsx';
import { useToolsOnKeyboard } from '../../keymapTools/useToolsOnKeyboard.ts';
import { useHostLayout } from '../../legends/useHostLayout.ts';
import { useZmkInsight, type ZmkInsight as Insight } from './useZmkInsight.ts';
import { zmkCanvasKeys } from './zmkKeys.ts';
import { useKeyNaming } from '../../canvas/keyNaming.ts';

const NO_BINDING = { behaviorId: 0, param1: 0, param2: 0 };
type Tools = StoreApi<KeymapToolsState<DecorateKeys>>;

export interface ZmkInsightProps {
  state: Pick<ZmkKeyboardState, 'keymap' | 'layouts' | 'behaviors' | 'removed'>;
  /** The shown layer's index. */
  layer: number;
  /** The keymap tools' state (state/zmkToolsStore.ts); the decoration set here is what the keyboard draws. */
  tools: Tools;
  /** Shows a key: its layer, the key selected and focused. */
  onShow(layer: number, position: number): void;
  /** The selected key's position, if one. */
  selected: number | null;
}

/**
 * The layer tools of issue 28 on a ZMK keyboard: the shared bar (BindingToolsBar) fed by the ZMK binding model's
 * analysis (useZmkInsight). What is ZMK's is here: the default layer is layer id 0, the layers marked on under a
 * shown one are kept by id, a key is shown by its keymap position, and a move needs &none or &trans to leave
 * behind. Loaded with its strings when first needed.
 */
export function ZmkInsight(props: ZmkInsightProps) {
  const { state, layer, tools, onShow, selected } = props;
  const { t } = useTranslation(['layerTools', 'zmk']);
  const hostLayout = useHostLayout();
  const naming = useKeyNaming();
  const panel = useStore(tools, (s) => s.panel);
  const query = useStore(tools, (s) => s.query);
  const under = useStore(tools, (s) => s.under);
  const insight = useZmkInsight(state, layer, under, query);
  const { keymap, behaviors } = state;
  const overview = useMemo<OverviewLayer[]>(
    () =>
      panel !== 'overview' || !insight || !keymap
        ? []
        : keymap.layers.map((l, index) => ({
            layer: index,
            name: l.name
              ? t('zmk:layerButton', { n: index, name: l.name })
              : t('zmk:layerUnnamed', { n: index }),
            keys: zmkCanvasKeys(state, index, hostLayout, naming),
            unreachable: !insight.reach[index]?.reachable,
          })),
    [panel, insight, keymap, state, hostLayout, naming, t],
  );
  if (!insight || !keymap) return null;
  const keyCount = insight.drawn.length;
  // A move needs a binding to leave behind, which only ZMK's own &none / &trans give.
  const offered = (mode: PickMode, from: number) =>
    mode !== 'move' || zmkVacatedBinding(keymap, behaviors, from) !== null;
  const pick = (place: KeyPlace, mode: PickMode) => {
    if (offered(mode, place.layer)) tools.getState().pick(place, mode);
  };
  return (
    <BindingToolsBar
      layer={layer}
      base={insight.base}
      insight={insight}
      tools={tools}
      baseBindings={keymap.layers[insight.base]?.bindings}
      pressedFace={(code) => keyFaceLabel(code, ZMK_KEYCODE_PROTOCOL, hostLayout).label}
      below={Array.from({ length: Math.max(0, layer - insight.base) }, (_, i) => insight.base + i)}
      onToggleUnder={(l) => {
        const id = keymap.layers[layer]?.id;
        const next = toggleUnder(keymap, under, layer, l, insight.under);
        if (id !== undefined) tools.getState().setUnder(id, next[id] ?? []);
      }}
      onShow={(place: BindingPlace) => place.kind === 'key' && onShow(place.layer, place.index)}
      selectedPlace={selected !== null && selected < keyCount ? { layer, index: selected } : null}
      pick={pick}
      offered={(mode) => offered(mode, layer)}
      keepPlace
      enterOpens="pane"
      unreachableText={t('zmk:insight.unreachable', { n: layer })}
      bindingAt={(place) =>
        (place.kind === 'key' && keymap.layers[place.layer]?.bindings[place.index]) || NO_BINDING
      }
      findPlaceholder={t('zmk:insight.findPlaceholder')}
      onShowMacro={() => undefined}
      overview={overview}
      onChooseOverview={onShow}
    >
      {(unseen) => (
        <ZmkKeyboardTools
          insight={insight}
          layer={layer}
          tools={tools}
          unseen={unseen}
          selected={selected}
          pick={pick}
        />
      )}
    </BindingToolsBar>
  );
}

/** The tools on a ZMK keyboard (useToolsOnKeyboard, every family's): a drawn key is its keymap position. */
function ZmkKeyboardTools(props: {
  insight: Insight;
  layer: number;
  tools: Tools;
  unseen: readonly number[];
  selected: number | null;
  pick(place: KeyPlace, mode: PickMode): void;
}) {
  const { insight, layer, selected } = props;
  const keyCount = insight.drawn.length;
  useToolsOnKeyboard(props.tools, insight, layer, props.unseen, {
    enabled: true,
    placeOf: (index) =>
      index === null || index === undefined || index < 0 || index >= keyCount ? null : { layer, index },
    selected: () => selected,
    pick: props.pick,
    // The keyboard's store has already put the keys back, shown why and logged it.
    report: () => undefined,
  });
  return null;
}
