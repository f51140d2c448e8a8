import { useCallback } from 'react';
import { useStore } from 'zustand';
import type { StoreApi } from 'zustand/vanilla';
import { useTranslation } from '../../i18n/useTranslation.ts';
import type { KeyPlace } from '../../keymap/keyMoves.ts';
import type { KeymapToolsModel } from '../../keymap/keymapToolsModel.ts';
import type { BindingPlace } from '../../keymap/layerReach.ts';
import type { KeymapToolsState, PickMode } from '../../state/keymapToolsStore.ts';
import type { CanvasKey, DecorateKeys } from '../common/canvasKey.ts';
import { keyStatusText } from './keyStatusWords.ts';
import { KeyShortcuts } from './KeyShortcuts.tsx';
import { KeyToolsStatus } from './KeyToolsStatus.tsx';
import { LayerToolsBar } from './LayerToolsBar.tsx';
import { usePressToSelect, type PressedKey } from './usePressToSelect.ts';
import { useToolsOnKeyboard, type KeyboardPlaces } from './useToolsOnKeyboard.ts';
import { useOverview } from './useOverview.ts';
import { useToolsInsight, type ToolsInsight, type ToolsKey } from './useToolsInsight.ts';

type Tools = StoreApi<KeymapToolsState<DecorateKeys>>;

export interface BindingToolsBarProps<B> {
  /** The shown layer's index. */
  layer: number;
  /** The family's keymap as the tools read it (keymap/keymapToolsModel.ts). */
  family: KeymapToolsModel<B>;
  /** The keys the family's keyboard draws, in drawing order, by their positions in the keymap. */
  drawn: readonly ToolsKey[];
  /** The macros that match Find's text (a family without macros: none). */
  macroHits?: readonly number[] | undefined;
  /** The layers' names, and their keys as the family's keyboard draws them (All layers; stable between renders). */
  names: readonly string[];
  keysOf(layer: number): CanvasKey[];
  /** The keymap tools' state; the family's store runs the moves on its keyboard. */
  tools: Tools;
  /** The selected drawn key (its index among the drawn keys), when exactly one is. */
  selected: number | null;
  /** Shows a binding's place: its layer, its key selected and focused. */
  onShow(place: BindingPlace): void;
  /** Shows a key chosen in All layers (its index among the drawn keys). */
  onChooseOverview(layer: number, index: number): void;
  /** What the gestures on the keyboard need of the family's screen: whether they act, how a failure is told. */
  keyboard: Pick<KeyboardPlaces, 'enabled' | 'report'>;
  /** The pick buttons keep their place when a mode is not offered (a ZMK keyboard without &none or &trans). */
  keepPlace?: boolean;
  /** What Enter on a key opens (the shortcuts' list). */
  enterOpens?: 'any' | 'pane';
  unreachableText?: string | undefined;
  /** Where a key is in the family's words (Find's list), when its position does not say it. */
  placeOf?: ((index: number) => string) | undefined;
  findPlaceholder?: string | undefined;
  onShowMacro?: ((index: number) => void) | undefined;
}

/**
 * The keymap tools of every family (VIA, Vial, ZMK) beside the layer buttons: the shared bar (LayerToolsBar) and
 * the tools on the keyboard (useToolsOnKeyboard), fed by the family's keymap model (`KeymapToolsModel`: the
 * default layer, faces, Find, the layers marked on under a shown one, where a move can leave something behind)
 * and the keymap tools' store (panel, Find's text, picked key, last move, Select by pressing), with the analysis
 * of the shown layer (useToolsInsight) and All layers (useOverview) made here. A family's screen says only which
 * keys it draws, where a key is shown and what acts on its keyboard.
 */
export function BindingToolsBar<B>(props: BindingToolsBarProps<B>) {
  const { layer, family, tools, onShow, selected } = props;
  const { base } = family;
  const { t } = useTranslation('layerTools');
  const activity = {
    picked: useStore(tools, (s) => s.picked),
    pressing: useStore(tools, (s) => s.pressing),
    pressed: useStore(tools, (s) => s.pressed),
    lastMove: useStore(tools, (s) => s.lastMove),
  };
  const panel = useStore(tools, (s) => s.panel);
  const query = useStore(tools, (s) => s.query);
  const under = useStore(tools, (s) => s.under);
  const insight = useToolsInsight(family, layer, tools, props.drawn, props.macroHits);
  const overview = useOverview(family, insight.reach, panel === 'overview', props.names, props.keysOf);
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
    family.view.keymap[base],
    insight.model,
    insight.used,
    activity.pressing,
    onPressed,
  );
  const face = (place: KeyPlace) => insight.describe(family.bindingAt({ kind: 'key', ...place })).label;
  const message = keyStatusText(
    t,
    activity,
    face,
    () => unseen.map((index) => face({ layer: base, index })),
    family.pressedFace,
    base,
  );
  const state = tools.getState();
  // A move needs a binding to leave behind, which a family may not have on every layer.
  const offered = (mode: PickMode, from: number) => mode !== 'move' || family.canMoveFrom(from);
  const pick = (place: KeyPlace, mode: PickMode) => {
    if (offered(mode, place.layer)) state.pick(place, mode);
  };
  const placeOf = (index: number | null | undefined): KeyPlace | null => {
    const position = index === null || index === undefined ? -1 : (insight.drawn[index]?.matrixIndex ?? -1);
    return position >= 0 ? { layer, index: position } : null;
  };
  const place = placeOf(selected);
  return (
    <LayerToolsBar
      layer={layer}
      insight={insight}
      below={Array.from({ length: Math.max(0, layer - base) }, (_, i) => base + i)}
      onToggleUnder={(target) => {
        const next = family.toggleUnder(under, layer, target, insight.under);
        state.setUnder(next.key, [...next.layers]);
      }}
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
            offered={(mode) => offered(mode, layer)}
            keepPlace={props.keepPlace}
          />
          <KeyShortcuts enterOpens={props.enterOpens ?? 'any'} />
        </>
      }
      panel={panel}
      onClosePanel={() => state.setPanel(null)}
      query={query}
      onQuery={(text) => state.setQuery(text)}
      bindingAt={family.bindingAt}
      placeOf={props.placeOf}
      findPlaceholder={props.findPlaceholder}
      onShowMacro={props.onShowMacro ?? (() => undefined)}
      overview={overview}
      onChooseOverview={(l, index) => {
        state.setPanel(null);
        props.onChooseOverview(l, index);
      }}
    >
      <ToolsOnKeyboard
        {...props.keyboard}
        tools={tools}
        insight={insight}
        layer={layer}
        unseen={unseen}
        placeOf={placeOf}
        selected={() => selected}
        pick={pick}
      />
    </LayerToolsBar>
  );
}

/** The tools on the family's keyboard (useToolsOnKeyboard): marks, legends, gestures. */
function ToolsOnKeyboard<B>({
  tools,
  insight,
  layer,
  unseen,
  ...places
}: KeyboardPlaces & { tools: Tools; insight: ToolsInsight<B>; layer: number; unseen: readonly number[] }) {
  useToolsOnKeyboard(tools, insight, layer, unseen, places);
  return null;
}
