import { useTranslation } from '../../i18n/useTranslation.ts';

/**
 * Undo and Redo at the head of a configure screen's pane column (in view with the keyboard at 1400×900, whatever
 * the pane's length), for VIA/Vial and ZMK keyboards alike. Named in full for screen readers: the KC_UNDO
 * keycode's button is called 'Undo' too.
 */
export function UndoRedoButtons({
  canUndo,
  canRedo,
  onUndo,
  onRedo,
}: {
  canUndo: boolean;
  canRedo: boolean;
  onUndo: () => void;
  onRedo: () => void;
}) {
  const { t } = useTranslation('configure');
  return (
    <div className="undo-buttons">
      <button
        type="button"
        className="btn"
        disabled={!canUndo}
        onClick={onUndo}
        title="Ctrl+Z"
        aria-label={t('undoName')}
      >
        {t('undo')}
      </button>
      <button
        type="button"
        className="btn"
        disabled={!canRedo}
        onClick={onRedo}
        title="Shift+Ctrl+Z"
        aria-label={t('redoName')}
      >
        {t('redo')}
      </button>
    </div>
  );
}
