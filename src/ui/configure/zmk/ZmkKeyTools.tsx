import { useStore } from 'zustand';
import type { StoreApi } from 'zustand/vanilla';
import { useTranslation } from '../../../i18n/useTranslation.ts';
import { keyFaceLabel } from '../../../keycodes/keyFaceLabel.ts';
import type { KeyPlace } from '../../../keymap/keyMoves.ts';
import { zmkVacatedBinding } from '../../../keymap/zmkKeyMoves.ts';
import type { KeymapToolsState, PickMode } from '../../../state/keymapToolsStore.ts';
import { ZMK_KEYCODE_PROTOCOL } from '../../../zmk/hidKeycodes.ts';
import type { ZmkBehavior } from '../../../zmk/behavior.ts';
import type { ZmkBinding, ZmkKeymapData } from '../../../zmk/keymapData.ts';
import { keyStatusText } from '../../keymapTools/keyStatusWords.ts';
import { KeyToolsStatus } from '../../keymapTools/KeyToolsStatus.tsx';
import { useKeyGestures } from '../../keymapTools/useKeyGestures.ts';
import { useHostLayout } from '../../legends/useHostLayout.ts';

const NO_BINDING: ZmkBinding = { behaviorId: 0, param1: 0, param2: 0 };

export interface ZmkKeyToolsProps {
  keymap: ZmkKeymapData;
  behaviors: readonly ZmkBehavior[];
  /** The shown layer's index, the default layer's, and how many keys the selected physical layout draws. */
  layer: number;
  base: number;
  keyCount: number;
  /** The selected key's position, if one. */
  selected: number | null;
  describe(binding: ZmkBinding): { label: string };
  /** The keymap tools' state (state/zmkToolsStore.ts): picked key, last move, pressed key; it runs the moves. */
  tools: StoreApi<KeymapToolsState>;
  /** The default layer's keys the computer cannot see. */
  unseen: readonly number[];
}

/**
 * The key tools on a ZMK keyboard, with VIA's gestures, words and state (the keymap tools' store): drag a key onto
 * another to swap them, or pick the selected key up (Swap…, Move…, Copy…, or S, M, C) and choose the other key on
 * any layer; what happens, and what Select by pressing found, is said in the shared status line
 * (KeyToolsStatus). Only what is ZMK's is here: a move needs &none or &trans to leave behind.
 */
export function ZmkKeyTools(props: ZmkKeyToolsProps) {
  const { keymap, behaviors, layer, base, keyCount, selected, describe, tools } = props;
  const { t } = useTranslation('layerTools');
  const hostLayout = useHostLayout();
  const activity = {
    picked: useStore(tools, (s) => s.picked),
    pressing: useStore(tools, (s) => s.pressing),
    pressed: useStore(tools, (s) => s.pressed),
    lastMove: useStore(tools, (s) => s.lastMove),
  };
  const face = (place: KeyPlace) =>
    describe(keymap.layers[place.layer]?.bindings[place.index] ?? NO_BINDING).label;
  // A move needs a binding to leave behind, which only ZMK's own &none / &trans give.
  const offered = (mode: PickMode, from: number) =>
    mode !== 'move' || zmkVacatedBinding(keymap, behaviors, from) !== null;
  const pick = (place: KeyPlace, mode: PickMode) => {
    if (offered(mode, place.layer)) tools.getState().pick(place, mode);
  };
  useKeyGestures(
    {
      enabled: true,
      placeOf: (index) =>
        index === null || index === undefined || index < 0 || index >= keyCount ? null : { layer, index },
      selected: () => selected,
      picked: () => tools.getState().picked !== null,
      pick,
      dropPicked: () => tools.getState().dropPicked(),
      placePicked: (target) => tools.getState().placePicked(target),
      moveKey: (mode, from, to) => tools.getState().moveKey(mode, from, to),
      // The keyboard's store has already put the keys back, shown why and logged it.
      report: () => undefined,
    },
    activity.picked !== null,
  );

  const baseBindings = keymap.layers[base]?.bindings ?? [];
  const message = keyStatusText(
    t,
    activity,
    face,
    () => props.unseen.map((i) => describe(baseBindings[i] ?? NO_BINDING).label),
    (code) => keyFaceLabel(code, ZMK_KEYCODE_PROTOCOL, hostLayout).label,
    base,
  );
  return (
    <KeyToolsStatus
      message={message}
      picked={activity.picked !== null}
      onCancel={() => tools.getState().dropPicked()}
      canPick={selected !== null && selected < keyCount}
      onPick={(mode) => selected !== null && pick({ layer, index: selected }, mode)}
      offered={(mode) => offered(mode, layer)}
      keepPlace
    />
  );
}
