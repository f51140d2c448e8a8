import { use, useCallback } from 'react';
import { useTranslation } from '../../i18n/useTranslation.ts';
import { useStore } from 'zustand';
import type { BindingPlace } from '../../keymap/layerReach.ts';
import type { KeyboardState } from '../../services/keyboardLoader.ts';
import { BASE_LAYER } from '../../state/keymapToolsStore.ts';
import { useAppStores, useDevices, useSelection } from '../AppContext.tsx';
import { KeyboardTools } from './KeyboardTools.tsx';
import { KeyToolsStatus } from './KeyToolsStatus.tsx';
import { keyStatusText } from './keyStatusWords.ts';
import { LayerToolsBar } from './LayerToolsBar.tsx';
import { focusKey } from './focusKey.ts';
import { useOverviewLayers } from './useOverviewLayers.ts';
import { usePressToSelect, type PressedKey } from './usePressToSelect.ts';
import { useLayerInsight } from './useLayerInsight.ts';

/**
 * The keymap tools beside the layer selector of a VIA or Vial keyboard, once first used: the bar every family
 * shares (LayerToolsBar) fed by the QMK binding model and the keymap tools' store.
 */
export default function KeymapToolsBar() {
  const keyboard = useDevices((s) => s.keyboard);
  return keyboard ? <Bar keyboard={keyboard} /> : null;
}

function Bar({ keyboard }: { keyboard: KeyboardState }) {
  const { keymapTools, runtime, selection } = useAppStores();
  const { t } = useTranslation('layerTools');
  const tools = use(keymapTools.load());
  const layer = useDevices((s) => s.selectedLayer);
  // Each field on its own: the store also holds the keyboard's decoration, which this bar does not draw.
  const activity = {
    picked: useStore(tools, (s) => s.picked),
    pressing: useStore(tools, (s) => s.pressing),
    pressed: useStore(tools, (s) => s.pressed),
    lastMove: useStore(tools, (s) => s.lastMove),
    panel: useStore(tools, (s) => s.panel),
    query: useStore(tools, (s) => s.query),
  };
  const selected = useSelection((s) => s.selected);
  const multiSelect = useSelection((s) => s.multiSelect);
  const insight = useLayerInsight(keyboard, layer, tools);
  const overview = useOverviewLayers(keyboard, insight.reach);
  const first = selected.size === 1 && !multiSelect ? [...selected][0]! : -1;
  const matrixIndex = insight.drawn[first]?.matrixIndex ?? -1;
  const { drawn, describe } = insight;
  // The press that answers 'Select by pressing' selects the first key that types it; every such key is marked.
  const onPressed = useCallback(
    (pressed: PressedKey) => {
      tools.getState().setPressing(false);
      tools.getState().setPressed(pressed);
      const index = drawn.findIndex((d) => d.matrixIndex === pressed.candidates[0]);
      if (index >= 0) {
        selection.getState().select(index);
        focusKey(index);
      }
    },
    [tools, selection, drawn],
  );
  const base = keyboard.keymap[BASE_LAYER];
  const unseen = usePressToSelect(base, insight.model, insight.used, activity.pressing, onPressed);

  /** Shows a binding: its layer, and its key (or the encoder's key) selected and focused. */
  const show = (place: BindingPlace) => {
    runtime.store.getState().setLayer(place.layer);
    const index = drawn.findIndex((d) =>
      place.kind === 'key' ? d.matrixIndex === place.index : d.key.ei === place.encoder,
    );
    selection.getState().select(index >= 0 ? index : null);
    if (index >= 0) focusKey(index);
  };
  const face = (place: { layer: number; index: number }) =>
    describe(keyboard.keymap[place.layer]?.[place.index] ?? 0).label;
  const message = keyStatusText(
    t,
    activity,
    face,
    () => unseen.map((i) => describe(base?.[i] ?? 0).label),
    (code) => describe(code).label,
    BASE_LAYER,
  );
  const place = matrixIndex >= 0 ? { layer, index: matrixIndex } : null;
  const state = tools.getState();

  return (
    <LayerToolsBar
      layer={layer}
      insight={insight}
      below={Array.from({ length: layer }, (_, l) => l)}
      onToggleUnder={(l) =>
        state.setUnder(
          layer,
          insight.under.includes(l) ? insight.under.filter((u) => u !== l) : [...insight.under, l],
        )
      }
      onShow={show}
      status={
        <KeyToolsStatus
          message={message}
          picked={activity.picked !== null}
          onCancel={() => state.dropPicked()}
          canPick={place !== null}
          onPick={(mode) => place && state.pick(place, mode)}
        />
      }
      panel={activity.panel}
      onClosePanel={() => state.setPanel(null)}
      query={activity.query}
      onQuery={(text) => state.setQuery(text)}
      bindingAt={(at) =>
        at.kind === 'key'
          ? (keyboard.keymap[at.layer]?.[at.index] ?? 0)
          : (keyboard.encoders[at.layer]?.[at.encoder]?.[at.clockwise ? 0 : 1] ?? 0)
      }
      placeOf={(index) => {
        const cols = keyboard.definition.matrix.cols;
        return t('keyAt', { row: Math.floor(index / cols), col: index % cols });
      }}
      onShowMacro={() => selection.getState().setPane('macros')}
      overview={overview}
      onChooseOverview={(l, index) => {
        state.setPanel(null);
        runtime.store.getState().setLayer(l);
        selection.getState().select(index);
        focusKey(index);
      }}
    >
      <KeyboardTools layer={layer} tools={tools} insight={insight} unseen={unseen} />
    </LayerToolsBar>
  );
}
