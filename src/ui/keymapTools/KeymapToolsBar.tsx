import { use, useCallback } from 'react';
import { useTranslation } from '../../i18n/useTranslation.ts';
import type { BindingPlace } from '../../keymap/layerReach.ts';
import type { KeyboardState } from '../../services/keyboardLoader.ts';
import { useAppStores, useDevices, useLayerNames, useSelection } from '../AppContext.tsx';
import { keyboardKeys } from '../canvas/useKeyboardKeys.ts';
import { useKeyNaming } from '../canvas/keyNaming.ts';
import { useHostLayout } from '../legends/useHostLayout.ts';
import { readableError } from '../common/errorText.ts';
import { BindingToolsBar } from './BindingToolsBar.tsx';
import { focusKey } from './focusKey.ts';
import { useLayerInsight } from './useLayerInsight.ts';

/**
 * The keymap tools beside the layer selector of a VIA or Vial keyboard, once first used: the tools every family
 * shares (BindingToolsBar) fed by the QMK keymap model; what is a VIA board's is here: keys are found by matrix
 * index among the drawn ones, encoders have bindings, Find lists macros, the selection is the app's, a failed
 * move is logged.
 */
export default function KeymapToolsBar() {
  const keyboard = useDevices((s) => s.keyboard);
  return keyboard ? <Bar keyboard={keyboard} /> : null;
}

function Bar({ keyboard }: { keyboard: KeyboardState }) {
  const { keymapTools, runtime, selection, errors } = useAppStores();
  const { t } = useTranslation('layerTools');
  const tools = use(keymapTools.load());
  const layer = useDevices((s) => s.selectedLayer);
  const selected = useSelection((s) => s.selected);
  const multiSelect = useSelection((s) => s.multiSelect);
  // Keys showing something else (actuation values, paint) are left alone, and so are their gestures.
  const enabled = !useSelection((s) => s.multiSelect || s.paintColor !== null);
  const { family, drawn, macroHits } = useLayerInsight(keyboard, layer, tools);
  // All layers: keys named and titled in the user's language, as on the keyboard above it.
  const hostLayout = useHostLayout();
  const naming = useKeyNaming();
  const keysOf = useCallback(
    (l: number) => keyboardKeys(keyboard, l, hostLayout, undefined, naming).map((d) => d.canvas),
    [keyboard, hostLayout, naming],
  );
  const names = useLayerNames(keyboard.definition.vendorProductId);

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
      family={family}
      drawn={drawn}
      macroHits={macroHits}
      names={names}
      keysOf={keysOf}
      tools={tools}
      selected={selected.size === 1 && !multiSelect ? [...selected][0]! : null}
      onShow={show}
      keyboard={{
        enabled,
        report: (error) => errors.getState().logAppError({ message: readableError(error) }),
      }}
      placeOf={(index) => {
        const cols = keyboard.definition.matrix.cols;
        return t('keyAt', { row: Math.floor(index / cols), col: index % cols });
      }}
      onShowMacro={() => selection.getState().setPane('macros')}
      onChooseOverview={(l, index) => {
        runtime.store.getState().setLayer(l);
        selection.getState().select(index);
        focusKey(index);
      }}
    />
  );
}
