import { useTranslation } from '../../i18n/useTranslation.ts';
import type { PickMode } from '../../state/keymapToolsStore.ts';

const MODES: readonly PickMode[] = ['swap', 'move', 'copy'];

export interface KeyToolsStatusProps {
  /** What the key tools are doing, in words (keyStatusText). */
  message: string;
  /** A key is picked up: Cancel instead of the pick buttons. */
  picked: boolean;
  onCancel(): void;
  /** Whether a single key is selected, which the pick buttons pick up. */
  canPick: boolean;
  onPick(mode: PickMode): void;
  /** The ways the family can rearrange keys (a ZMK layer without &none or &trans cannot move a key). */
  offered?(mode: PickMode): boolean;
  /**
   * Keep the pick buttons (disabled) without a selected key, so the bar's height does not change when one is
   * selected. A VIA board's bar continues the layer selector's row, where they would wrap it and move the layer
   * buttons when the tools load; ZMK's layer bar keeps its own height.
   */
  keepPlace?: boolean | undefined;
}

/**
 * What the key tools are doing, said in a live region, for any family: the picked key and what choosing another
 * does, the last move, waiting for a press and what it found; Cancel while a key is picked up, else the buttons
 * that pick the selected key up (with `keepPlace`, always there and disabled without a selected key: the bar keeps
 * its height when a key is selected, so the keyboard below does not move between a press and its release, where
 * a click would land as a drag).
 */
export function KeyToolsStatus(props: KeyToolsStatusProps) {
  const { message, picked, onCancel, canPick, onPick, offered } = props;
  const { t } = useTranslation('layerTools');
  return (
    <div className="keymap-tools-status">
      <span aria-live="polite" data-testid="keymap-tools-status">
        {message}
      </span>
      {picked ? (
        <button type="button" className="btn" onClick={onCancel}>
          {t('cancel')}
        </button>
      ) : (
        (canPick || props.keepPlace) && (
          <span className="keymap-tools-pick" role="group" aria-label={t('pickGroup')} title={t('pickHint')}>
            {MODES.filter((mode) => offered?.(mode) ?? true).map((mode) => (
              <button
                key={mode}
                type="button"
                className="btn"
                disabled={!canPick}
                onClick={() => onPick(mode)}
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
