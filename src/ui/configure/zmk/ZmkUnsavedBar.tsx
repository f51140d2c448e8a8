import { useEffect, useState } from 'react';
import { useTranslation } from '../../../i18n/useTranslation.ts';
import { ConfirmDialog } from '../../common/ConfirmDialog.tsx';

/**
 * ZMK keeps edits in the keyboard's memory until saved (docs/zmk-studio-protocol.md "Save, discard"): this bar
 * says at all times whether changes are pending, with Save and Discard (asked first), and the browser warns
 * before the page is left with changes unsaved.
 */
export function ZmkUnsavedBar({
  unsaved,
  busy,
  onSave,
  onDiscard,
}: {
  unsaved: boolean;
  busy: boolean;
  onSave(): void;
  onDiscard(): void;
}) {
  const { t } = useTranslation('zmk');
  const [confirming, setConfirming] = useState(false);
  useEffect(() => {
    if (!unsaved) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [unsaved]);
  return (
    <div className="zmk-unsaved" data-unsaved={unsaved} data-testid="zmk-unsaved">
      <span role="status">{unsaved ? t('unsaved.pending') : t('unsaved.none')}</span>
      <button type="button" className="btn btn-primary" disabled={!unsaved || busy} onClick={onSave}>
        {t('unsaved.save')}
      </button>
      <button type="button" className="btn" disabled={!unsaved || busy} onClick={() => setConfirming(true)}>
        {t('unsaved.discard')}
      </button>
      {confirming && (
        <ConfirmDialog
          title={t('unsaved.discardTitle')}
          description={<p>{t('unsaved.discardBody')}</p>}
          cancelLabel={t('cancel')}
          confirmLabel={t('unsaved.discard')}
          confirmKind="danger"
          onCancel={() => setConfirming(false)}
          onConfirm={() => {
            setConfirming(false);
            onDiscard();
          }}
        />
      )}
    </div>
  );
}
