import { useTranslation } from '../../../i18n/useTranslation.ts';
import { keyFaceLabel } from '../../../keycodes/keyFaceLabel.ts';
import type { KeyMove, KeyPlace } from '../../../keymap/keyMoves.ts';
import { zmkVacatedBinding } from '../../../keymap/zmkKeyMoves.ts';
import type { PickMode } from '../../../state/keymapToolsStore.ts';
import { ZMK_KEYCODE_PROTOCOL } from '../../../zmk/hidKeycodes.ts';
import type { ZmkBehavior } from '../../../zmk/behavior.ts';
import type { ZmkBinding, ZmkKeymapData } from '../../../zmk/keymapData.ts';
import { keyStatusText } from '../../keymapTools/keyStatusWords.ts';
import { KeyToolsStatus } from '../../keymapTools/KeyToolsStatus.tsx';
import { useKeyGestures } from '../../keymapTools/useKeyGestures.ts';
import { useHostLayout } from '../../legends/useHostLayout.ts';
import type { PressedKey } from '../../keymapTools/usePressToSelect.ts';

const NO_BINDING: ZmkBinding = { behaviorId: 0, param1: 0, param2: 0 };

/** What the key tools are doing: a key picked up, the last move, the last key pressed to select. */
export interface ZmkKeyToolsState {
  picked: { place: KeyPlace; mode: PickMode } | null;
  lastMove: { mode: PickMode; from: KeyPlace; to: KeyPlace } | null;
  pressed: PressedKey | null;
}

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
  state: ZmkKeyToolsState;
  onState(state: ZmkKeyToolsState): void;
  /** Waiting for a press, and the default layer's keys the computer cannot see. */
  pressing: boolean;
  unseen: readonly number[];
  /** Runs the move on the keyboard (one undo step; a refusal is shown by the keyboard's failure note). */
  onMove(move: KeyMove<ZmkBinding>): Promise<void>;
}

/**
 * The key tools on a ZMK keyboard, with VIA's gestures and words: drag a key onto another to swap them, or pick
 * the selected key up (Swap…, Move…, Copy…, or S, M, C) and choose the other key on any layer (a moved key leaves
 * &none on the default layer, &trans above it); what happens, and what Select by pressing found, is said in the
 * shared status line (KeyToolsStatus).
 */
export function ZmkKeyTools(props: ZmkKeyToolsProps) {
  const { keymap, behaviors, layer, base, keyCount, selected, describe, state, onState } = props;
  const { t } = useTranslation('layerTools');
  const hostLayout = useHostLayout();
  const { picked } = state;
  const face = (place: KeyPlace) =>
    describe(keymap.layers[place.layer]?.bindings[place.index] ?? NO_BINDING).label;
  // A move needs a binding to leave behind, which only ZMK's own &none / &trans give.
  const offered = (mode: PickMode, from: number) =>
    mode !== 'move' || zmkVacatedBinding(keymap, behaviors, from) !== null;

  const moveKey = async (mode: PickMode, from: KeyPlace, to: KeyPlace) => {
    if (from.layer === to.layer && from.index === to.index) return;
    const vacated = zmkVacatedBinding(keymap, behaviors, from.layer);
    if (mode === 'move' && !vacated) return;
    const move: KeyMove<ZmkBinding> =
      mode === 'swap'
        ? { kind: 'swap', a: from, b: to }
        : mode === 'move'
          ? { kind: 'move', from, to, vacated: vacated! }
          : { kind: 'copy', from, to };
    await props.onMove(move);
    onState({ picked: null, pressed: null, lastMove: { mode, from, to } });
  };
  const pick = (place: KeyPlace, mode: PickMode) => {
    if (offered(mode, place.layer)) onState({ picked: { place, mode }, lastMove: null, pressed: null });
  };
  useKeyGestures(
    {
      enabled: true,
      placeOf: (index) =>
        index === null || index === undefined || index < 0 || index >= keyCount ? null : { layer, index },
      selected: () => selected,
      picked: () => picked !== null,
      pick,
      dropPicked: () => onState({ ...state, picked: null }),
      placePicked: async (target) => {
        if (!picked) return;
        onState({ ...state, picked: null });
        await moveKey(picked.mode, picked.place, target);
      },
      moveKey,
      // The keyboard's store has already put the keys back, shown why and logged it.
      report: () => undefined,
    },
    picked !== null,
  );

  const baseBindings = keymap.layers[base]?.bindings ?? [];
  const message = keyStatusText(
    t,
    { ...state, pressing: props.pressing },
    face,
    () => props.unseen.map((i) => describe(baseBindings[i] ?? NO_BINDING).label),
    (code) => keyFaceLabel(code, ZMK_KEYCODE_PROTOCOL, hostLayout).label,
    base,
  );
  return (
    <KeyToolsStatus
      message={message}
      picked={picked !== null}
      onCancel={() => onState({ ...state, picked: null })}
      canPick={selected !== null && selected < keyCount}
      onPick={(mode) => selected !== null && pick({ layer, index: selected }, mode)}
      offered={(mode) => offered(mode, layer)}
      keepPlace
    />
  );
}
