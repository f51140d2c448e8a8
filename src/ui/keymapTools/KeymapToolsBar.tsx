import { use } from 'react';
import { useTranslation } from '../../i18n/useTranslation.ts';
import type { BindingPlace } from '../../keymap/layerReach.ts';
import type { KeyboardState } from '../../services/keyboardLoader.ts';
import { BASE_LAYER } from '../../state/keymapToolsStore.ts';
import { useAppStores, useDevices, useSelection } from '../AppContext.tsx';
import { BindingToolsBar } from './BindingToolsBar.tsx';
import { KeyboardTools } from './KeyboardTools.tsx';
import { focusKey } from './focusKey.ts';
import { useOverviewLayers } from './useOverviewLayers.ts';
import { useLayerInsight } from './useLayerInsight.ts';

/**
 * The keymap tools beside the layer selector of a VIA or Vial keyboard, once first used: the bar every family
 * shares (BindingToolsBar) fed by the QMK binding model's analysis; what is a VIA board's is here: keys are
 * found by matrix index among the drawn ones, encoders have bindings, Find lists macros.
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
  const selected = useSelection((s) => s.selected);
  const multiSelect = useSelection((s) => s.multiSelect);
  const insight = useLayerInsight(keyboard, layer, tools);
  const overview = useOverviewLayers(keyboard, insight.reach);
  const first = selected.size === 1 && !multiSelect ? [...selected][0]! : -1;
  const matrixIndex = insight.drawn[first]?.matrixIndex ?? -1;
  const { drawn, describe } = insight;

  /** Shows a binding: its layer, and its key (or the encoder's key) selected and focused. */
  const show = (place: BindingPlace) => {
    runtime.store.getState().setLayer(place.layer);
    const index = drawn.findIndex((d) =>
      place.kind === 'key' ? d.matrixIndex === place.index : d.key.ei === place.encoder,
    );
    selection.getState().select(index >= 0 ? index : null);
    if (index >= 0) focusKey(index);
  };

  return (
    <BindingToolsBar
      layer={layer}
      base={BASE_LAYER}
      insight={insight}
      tools={tools}
      baseBindings={keyboard.keymap[BASE_LAYER]}
      pressedFace={(code) => describe(code).label}
      below={Array.from({ length: layer }, (_, l) => l)}
      onToggleUnder={(l) =>
        tools
          .getState()
          .setUnder(
            layer,
            insight.under.includes(l) ? insight.under.filter((u) => u !== l) : [...insight.under, l],
          )
      }
      onShow={show}
      selectedPlace={matrixIndex >= 0 ? { layer, index: matrixIndex } : null}
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
        runtime.store.getState().setLayer(l);
        selection.getState().select(index);
        focusKey(index);
      }}
    >
      {(unseen) => <KeyboardTools layer={layer} tools={tools} insight={insight} unseen={unseen} />}
    </BindingToolsBar>
  );
}
