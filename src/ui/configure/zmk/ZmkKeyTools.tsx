import { useTranslation } from '../../../i18n/useTranslation.ts';
import { keyFaceLabel } from '../../../keycodes/keyFaceLabel.ts';
import type { KeyMove, KeyPlace } from '../../../keymap/keyMoves.ts';
import { zmkVacatedBinding } from '../../../keymap/zmkKeyMoves.ts';
import type { PickMode } from '../../../state/keymapToolsStore.ts';
import { ZMK_KEYCODE_PROTOCOL } from '../../../zmk/hidKeycodes.ts';
import type { ZmkBehavior } from '../../../zmk/behavior.ts';
import type { ZmkBinding, ZmkKeymapData } from '../../../zmk/keymapData.ts';
import { movedText, pickedText, pressedText, pressingText } from '../../keymapTools/keyStatusWords.ts';
import { useKeyGestures } from '../../keymapTools/useKeyGestures.ts';
import { useHostLayout } from '../../legends/useHostLayout.ts';
import type { ZmkPressed } from './useZmkPressToSelect.ts';

const NO_BINDING: ZmkBinding = { behaviorId: 0, param1: 0, param2: 0 };
const MODES: readonly PickMode[] = ['swap', 'move', 'copy'];

/** What the key tools are doing: a key picked up, the last move, the last key pressed to select. */
export interface ZmkKeyToolsState {
  picked: { place: KeyPlace; mode: PickMode } | null;
  lastMove: { mode: PickMode; from: KeyPlace; to: KeyPlace } | null;
  pressed: ZmkPressed | null;
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
 * &none on the default layer, &trans above it); what happens, and what Select by pressing found, is said in a
 * live region.
 */
export function ZmkKeyTools(props: ZmkKeyToolsProps) {
  const { keymap, behaviors, layer, base, keyCount, selected, describe, state, onState } = props;
  const { t } = useTranslation('layerTools');
  const hostLayout = useHostLayout();
  const { picked, lastMove, pressed } = state;
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
  const keycodeFace = (code: number) => keyFaceLabel(code, ZMK_KEYCODE_PROTOCOL, hostLayout).label;
  const message = picked
    ? pickedText(t, picked, face)
    : props.pressing
      ? pressingText(
          t,
          props.unseen.map((i) => describe(baseBindings[i] ?? NO_BINDING).label),
        )
      : pressed
        ? pressedText(t, pressed, pressed.keycode === null ? null : keycodeFace(pressed.keycode), base)
        : lastMove
          ? movedText(t, lastMove, face)
          : '';
  return (
    <div className="keymap-tools-status">
      <span aria-live="polite" data-testid="keymap-tools-status">
        {message}
      </span>
      {picked ? (
        <button type="button" className="btn" onClick={() => onState({ ...state, picked: null })}>
          {t('cancel')}
        </button>
      ) : (
        // Always there, disabled without a selected key: the bar keeps its height when a key is selected, so the
        // keyboard below does not move between a press and its release (a click would land as a drag).
        <span className="keymap-tools-pick" role="group" aria-label={t('pickGroup')} title={t('pickHint')}>
          {MODES.filter((mode) => offered(mode, layer)).map((mode) => (
            <button
              key={mode}
              type="button"
              className="btn"
              disabled={selected === null || selected >= keyCount}
              onClick={() => selected !== null && pick({ layer, index: selected }, mode)}
            >
              {t(`pick_${mode}`)}
            </button>
          ))}
        </span>
      )}
    </div>
  );
}
