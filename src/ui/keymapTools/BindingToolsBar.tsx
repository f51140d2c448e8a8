import { useCallback, type ReactNode } from 'react';
import { useStore } from 'zustand';
import type { StoreApi } from 'zustand/vanilla';
import { useTranslation } from '../../i18n/useTranslation.ts';
import type { BindingModel } from '../../keymap/bindingModel.ts';
import type { KeyPlace } from '../../keymap/keyMoves.ts';
import type { BindingPlace } from '../../keymap/layerReach.ts';
import type { KeymapToolsState, PickMode } from '../../state/keymapToolsStore.ts';
import type { DecorateKeys } from '../common/canvasKey.ts';
import { keyStatusText } from './keyStatusWords.ts';
import { KeyShortcuts } from './KeyShortcuts.tsx';
import { KeyToolsStatus } from './KeyToolsStatus.tsx';
import { LayerToolsBar, type LayerToolsInsight } from './LayerToolsBar.tsx';
import type { OverviewLayer } from './LayersOverview.tsx';
import { usePressToSelect, type PressedKey } from './usePressToSelect.ts';

/** The binding analysis (useBindingAnalysis) as the bar reads it, with the model and positions Select by pressing reads. */
export interface BindingToolsInsight<B> extends LayerToolsInsight<B> {
  model: BindingModel<B>;
  used: readonly number[];
}

export interface BindingToolsBarProps<B> {
  /** The shown layer's index, and the default layer's (the one Select by pressing reads). */
  layer: number;
  base: number;
  insight: BindingToolsInsight<B>;
  /** The keymap tools' state; the family's store runs the moves on its keyboard. */
  tools: StoreApi<KeymapToolsState<DecorateKeys>>;
  /** The binding at a place (the default layer's bindings are what a press is matched against). */
  bindingAt(place: BindingPlace): B;
  baseBindings: readonly B[] | undefined;
  /** A pressed key's face, named by its HID keycode. */
  pressedFace(keycode: number): string;
  /** Shows a binding's place: its layer, its key selected and focused. */
  onShow(place: BindingPlace): void;
  /** Shows a key chosen in All layers (its index among the drawn keys). */
  onChooseOverview(layer: number, index: number): void;
  below: readonly number[];
  onToggleUnder(layer: number): void;
  /** The selected key's place, if it can be picked up. */
  selectedPlace: KeyPlace | null;
  /** Picks a key up (the family may refuse a mode: see `offered`); the store's own pick by default. */
  pick?(place: KeyPlace, mode: PickMode): void;
  offered?(mode: PickMode): boolean;
  keepPlace?: boolean;
  enterOpens?: 'any' | 'pane';
  unreachableText?: string | undefined;
  placeOf?: ((index: number) => string) | undefined;
  findPlaceholder?: string | undefined;
  onShowMacro(index: number): void;
  overview: readonly OverviewLayer[];
  /** What acts on the keyboard (its marks, the gestures), given the default layer's keys a press cannot reach. */
  children(unseen: readonly number[]): ReactNode;
}

/**
 * The one adapter between a family's binding analysis and the shared bar (LayerToolsBar): the keymap tools'
 * store (panel, Find's text, picked key, last move, Select by pressing), the status line's words
 * (KeyToolsStatus), the keyboard shortcuts' list. A VIA or Vial board (KeymapToolsBar) and a ZMK keyboard
 * (ZmkInsight) feed it their analysis and say only what is theirs: where a key is shown, what a key holds.
 */
export function BindingToolsBar<B>(props: BindingToolsBarProps<B>) {
  const { layer, base, insight, tools, bindingAt, onShow } = props;
  const { t } = useTranslation('layerTools');
  const activity = {
    picked: useStore(tools, (s) => s.picked),
    pressing: useStore(tools, (s) => s.pressing),
    pressed: useStore(tools, (s) => s.pressed),
    lastMove: useStore(tools, (s) => s.lastMove),
  };
  const panel = useStore(tools, (s) => s.panel);
  const query = useStore(tools, (s) => s.query);
  // The press that answers Select by pressing: every key that types it is marked, the first one selected.
  const onPressed = useCallback(
    (pressed: PressedKey) => {
      tools.getState().setPressing(false);
      tools.getState().setPressed(pressed);
      const first = pressed.candidates[0];
      if (first !== undefined) onShow({ kind: 'key', layer, index: first });
    },
    [tools, onShow, layer],
  );
  const unseen = usePressToSelect(
    props.baseBindings,
    insight.model,
    insight.used,
    activity.pressing,
    onPressed,
  );
  const face = (place: KeyPlace) => insight.describe(bindingAt({ kind: 'key', ...place })).label;
  const message = keyStatusText(
    t,
    activity,
    face,
    () => unseen.map((index) => face({ layer: base, index })),
    props.pressedFace,
    base,
  );
  const state = tools.getState();
  const pick = props.pick ?? ((place: KeyPlace, mode: PickMode) => state.pick(place, mode));
  const place = props.selectedPlace;
  return (
    <LayerToolsBar
      layer={layer}
      insight={insight}
      below={props.below}
      onToggleUnder={props.onToggleUnder}
      onShow={onShow}
      unreachableText={props.unreachableText}
      status={
        <>
          <KeyToolsStatus
            message={message}
            picked={activity.picked !== null}
            onCancel={() => state.dropPicked()}
            canPick={place !== null}
            onPick={(mode) => place && pick(place, mode)}
            {...(props.offered ? { offered: props.offered } : {})}
            keepPlace={props.keepPlace}
          />
          <KeyShortcuts enterOpens={props.enterOpens ?? 'any'} />
        </>
      }
      panel={panel}
      onClosePanel={() => state.setPanel(null)}
      query={query}
      onQuery={(text) => state.setQuery(text)}
      bindingAt={bindingAt}
      placeOf={props.placeOf}
      findPlaceholder={props.findPlaceholder}
      onShowMacro={props.onShowMacro}
      overview={props.overview}
      onChooseOverview={(l, index) => {
        state.setPanel(null);
        props.onChooseOverview(l, index);
      }}
    >
      {props.children(unseen)}
    </LayerToolsBar>
  );
}
