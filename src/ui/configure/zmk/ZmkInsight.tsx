import { useCallback, useEffect, useMemo } from 'react';
import { useStore } from 'zustand';
import type { StoreApi } from 'zustand/vanilla';
import { useTranslation } from '../../../i18n/useTranslation.ts';
import type { BindingPlace } from '../../../keymap/layerReach.ts';
import { toggleUnder } from '../../../keymap/zmkLayersUnder.ts';
import type { ZmkKeyboardState } from '../../../state/zmkKeyboardStore.ts';
import type { DecorateKeys } from '../../common/canvasKey.ts';
import { LayerToolsBar } from '../../keymapTools/LayerToolsBar.tsx';
import { KeyShortcuts } from '../../keymapTools/KeyShortcuts.tsx';
import type { OverviewLayer } from '../../keymapTools/LayersOverview.tsx';
import { useKeyDecoration } from '../../keymapTools/useKeyDecoration.ts';
import { usePressToSelect, type PressedKey } from '../../keymapTools/usePressToSelect.ts';
import { useHostLayout } from '../../legends/useHostLayout.ts';
import { zmkBindingModel } from '../../../keymap/zmkBindingModel.ts';
import { useZmkInsight } from './useZmkInsight.ts';
import { ZmkKeyTools } from './ZmkKeyTools.tsx';
import type { KeymapToolsState } from '../../../state/keymapToolsStore.ts';
import { zmkCanvasKeys } from './zmkKeys.ts';
import { useKeyNaming } from '../../canvas/keyNaming.ts';

const NO_BINDING = { behaviorId: 0, param1: 0, param2: 0 };
const EMPTY_KEYMAP = { layers: [], availableLayers: 0, maxLayerNameLength: 0 };
const NO_KEYS: readonly number[] = [];
const NO_MODEL = zmkBindingModel(EMPTY_KEYMAP, []);

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
 * The layer tools of issue 28 on a ZMK keyboard, from the same analysis and pieces as a VIA board's: how the
 * shown layer is reached ('Reached by: hold MO Lower on layer 0'; a layer no key reaches, a layer with no way
 * back), its transparent keys showing what they fall through to (for the layers marked on under it), Find across
 * every layer, All layers at once, and keys swapped, moved or copied (ZmkKeyMoves). Loaded with its strings when
 * first needed.
 */
export function ZmkInsight(props: ZmkInsightProps) {
  const { state, layer, tools, onShow, selected } = props;
  const { t } = useTranslation(['layerTools', 'zmk']);
  const hostLayout = useHostLayout();
  const naming = useKeyNaming();
  const panel = useStore(tools, (s) => s.panel);
  const query = useStore(tools, (s) => s.query);
  const pressing = useStore(tools, (s) => s.pressing);
  const pressed = useStore(tools, (s) => s.pressed);
  const picked = useStore(tools, (s) => s.picked);
  const under = useStore(tools, (s) => s.under);
  const insight = useZmkInsight(state, layer, under, query);
  const keyCount = insight?.drawn.length ?? 0;
  // The press answers Select by pressing: its candidates are marked, the first selected on the shown layer.
  const onPressed = useCallback(
    (pressed: PressedKey) => {
      tools.getState().setPressing(false);
      tools.getState().setPressed(pressed);
      const first = pressed.candidates[0];
      if (first !== undefined) onShow(layer, first);
    },
    [tools, onShow, layer],
  );
  const keymap = state.keymap ?? EMPTY_KEYMAP;
  const unseen = usePressToSelect(
    insight ? keymap.layers[insight.base]?.bindings : undefined,
    insight?.model ?? NO_MODEL,
    insight?.used ?? NO_KEYS,
    pressing,
    onPressed,
  );
  const decorate = useKeyDecoration(insight, layer, {
    picked: picked?.place.layer === layer ? picked.place.index : null,
    candidates: pressing ? NO_KEYS : (pressed?.candidates ?? NO_KEYS),
    unseen: pressing ? unseen : NO_KEYS,
  });
  useEffect(() => {
    tools.getState().setDecorate(decorate);
    return () => tools.getState().setDecorate(null);
  }, [tools, decorate]);

  const overview = useMemo<OverviewLayer[]>(
    () =>
      panel !== 'overview' || !insight
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
  if (!insight || !state.keymap) return null;
  const show = (place: BindingPlace) => {
    if (place.kind === 'key') onShow(place.layer, place.index);
  };
  return (
    <LayerToolsBar
      layer={layer}
      insight={insight}
      below={Array.from({ length: Math.max(0, layer - insight.base) }, (_, i) => insight.base + i)}
      onToggleUnder={(l) => {
        const id = keymap.layers[layer]?.id;
        const next = toggleUnder(keymap, under, layer, l, insight.under);
        if (id !== undefined) tools.getState().setUnder(id, next[id] ?? []);
      }}
      onShow={show}
      unreachableText={t('zmk:insight.unreachable', { n: layer })}
      status={
        <>
          <ZmkKeyTools
            keymap={keymap}
            behaviors={state.behaviors}
            layer={layer}
            base={insight.base}
            keyCount={keyCount}
            selected={selected}
            describe={insight.describe}
            tools={tools}
            unseen={unseen}
          />
          <KeyShortcuts enterOpens="pane" />
        </>
      }
      panel={panel}
      onClosePanel={() => tools.getState().setPanel(null)}
      query={query}
      onQuery={(text) => tools.getState().setQuery(text)}
      bindingAt={(place) =>
        (place.kind === 'key' && keymap.layers[place.layer]?.bindings[place.index]) || NO_BINDING
      }
      findPlaceholder={t('zmk:insight.findPlaceholder')}
      onShowMacro={() => undefined}
      overview={overview}
      onChooseOverview={(l, index) => {
        tools.getState().setPanel(null);
        onShow(l, index);
      }}
    />
  );
}
