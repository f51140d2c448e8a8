import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { KeyMove, KeyPlace } from '../../../keymap/keyMoves.ts';
import { zmkVacatedBinding } from '../../../keymap/zmkKeyMoves.ts';
import type { PickMode } from '../../../state/keymapToolsStore.ts';
import type { ZmkBehavior } from '../../../zmk/ZmkBehaviors.ts';
import type { ZmkBinding, ZmkKeymapData } from '../../../zmk/ZmkKeymap.ts';
import { movedText, pickedText } from '../../keymapTools/moveWords.ts';
import { useKeyGestures } from '../../keymapTools/useKeyGestures.ts';

const NO_BINDING: ZmkBinding = { behaviorId: 0, param1: 0, param2: 0 };
const MODES: readonly PickMode[] = ['swap', 'move', 'copy'];

export interface ZmkKeyMovesProps {
  keymap: ZmkKeymapData;
  behaviors: readonly ZmkBehavior[];
  /** The shown layer's index and how many keys the selected physical layout draws. */
  layer: number;
  keyCount: number;
  /** The selected key's position, if one. */
  selected: number | null;
  describe(binding: ZmkBinding): { label: string };
  /** Runs the move on the keyboard (one undo step; a refusal is shown by the keyboard's failure note). */
  onMove(move: KeyMove<ZmkBinding>): Promise<void>;
}

/**
 * Rearranging keys on a ZMK keyboard with VIA's gestures and words: drag a key onto another to swap them, or
 * pick the selected key up (Swap…, Move…, Copy…, or S, M, C) and choose the other key on any layer. A moved key
 * leaves &none on the default layer, &trans above it. What happens is said in a live region.
 */
export function ZmkKeyMoves({
  keymap,
  behaviors,
  layer,
  keyCount,
  selected,
  describe,
  onMove,
}: ZmkKeyMovesProps) {
  const { t } = useTranslation('layerTools');
  const [picked, setPicked] = useState<{ place: KeyPlace; mode: PickMode } | null>(null);
  const [lastMove, setLastMove] = useState<{ mode: PickMode; from: KeyPlace; to: KeyPlace } | null>(null);
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
    await onMove(move);
    setLastMove({ mode, from, to });
  };
  const pick = (place: KeyPlace, mode: PickMode) => {
    if (!offered(mode, place.layer)) return;
    setLastMove(null);
    setPicked({ place, mode });
  };
  useKeyGestures(
    {
      enabled: true,
      placeOf: (index) =>
        index === null || index === undefined || index < 0 || index >= keyCount ? null : { layer, index },
      selected: () => selected,
      picked: () => picked !== null,
      pick,
      dropPicked: () => setPicked(null),
      placePicked: async (target) => {
        if (!picked) return;
        setPicked(null);
        await moveKey(picked.mode, picked.place, target);
      },
      moveKey,
      // The keyboard's store has already put the keys back, shown why and logged it.
      report: () => undefined,
    },
    picked !== null,
  );

  const message = picked ? pickedText(t, picked, face) : lastMove ? movedText(t, lastMove, face) : '';
  return (
    <div className="keymap-tools-status">
      <span aria-live="polite" data-testid="keymap-tools-status">
        {message}
      </span>
      {picked ? (
        <button type="button" className="btn" onClick={() => setPicked(null)}>
          {t('cancel')}
        </button>
      ) : (
        selected !== null &&
        selected < keyCount && (
          <span className="keymap-tools-pick" role="group" aria-label={t('pickGroup')} title={t('pickHint')}>
            {MODES.filter((mode) => offered(mode, layer)).map((mode) => (
              <button
                key={mode}
                type="button"
                className="btn"
                onClick={() => pick({ layer, index: selected }, mode)}
              >
                {t(`pick_${mode}`)}
              </button>
            ))}
          </span>
        )
      )}
    </div>
  );
}
