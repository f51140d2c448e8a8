import { useTranslation } from '../../i18n/useTranslation.ts';
import { useStore } from 'zustand';
import type { StoreApi } from 'zustand/vanilla';
import type { KeyPlace } from '../../keymap/keyMoves.ts';
import type { KeyboardState } from '../../services/keyboardLoader.ts';
import { BASE_LAYER, type KeymapToolsState, type PickMode } from '../../state/keymapToolsStore.ts';
import { movedText, pickedText, pressedText, pressingText } from './keyStatusWords.ts';
import type { Describe } from './useLayerInsight.ts';

const MODES: readonly PickMode[] = ['swap', 'move', 'copy'];

export interface KeyStatusProps {
  keyboard: KeyboardState;
  tools: StoreApi<KeymapToolsState>;
  describe: Describe;
  /** The selected key, when one is (and a single one). */
  selected: KeyPlace | null;
  /** Base-layer keys the computer cannot see (matrix indexes). */
  unseen: readonly number[];
}

/**
 * What the key tools are doing, said in words (a live region): the picked key and what choosing another does,
 * the last move, waiting for a press and what the press found; with a selected key, the buttons that pick it up.
 */
export function KeyStatus({ keyboard, tools, describe, selected, unseen }: KeyStatusProps) {
  const { t } = useTranslation('layerTools');
  const { picked, pressing, pressed, lastMove } = useStore(tools);
  const face = (place: KeyPlace) => describe(keyboard.keymap[place.layer]?.[place.index] ?? 0).label;

  let message = '';
  if (picked) message = pickedText(t, picked, face);
  else if (pressing)
    message = pressingText(
      t,
      unseen.map((i) => describe(keyboard.keymap[BASE_LAYER]![i]!).label),
    );
  else if (pressed) {
    const key = pressed.keycode === null ? null : describe(pressed.keycode).label;
    message = pressedText(t, pressed, key, BASE_LAYER);
  } else if (lastMove) message = movedText(t, lastMove, face);

  return (
    <div className="keymap-tools-status">
      <span aria-live="polite" data-testid="keymap-tools-status">
        {message}
      </span>
      {picked ? (
        <button type="button" className="btn" onClick={() => tools.getState().dropPicked()}>
          {t('cancel')}
        </button>
      ) : (
        selected && (
          <span className="keymap-tools-pick" role="group" aria-label={t('pickGroup')} title={t('pickHint')}>
            {MODES.map((mode) => (
              <button
                key={mode}
                type="button"
                className="btn"
                onClick={() => tools.getState().pick(selected, mode)}
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
