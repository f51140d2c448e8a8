import { useTranslation } from 'react-i18next';

/**
 * A write that did not finish on the keyboard shown (this page's, or one found again after an unplug or a
 * reload), named on every other pane, with the way to the pane that offers Retry and the way back.
 */
export function UnfinishedWriteNotice({ kind, onOpen }: { kind: 'layout' | 'macros'; onOpen(): void }) {
  const { t } = useTranslation('safety');
  return (
    <div role="status" className="form-error" data-testid="unfinished-write">
      <p>{t(`unfinished.${kind}`)}</p>
      <button type="button" className="btn" onClick={onOpen}>
        {t(kind === 'layout' ? 'unfinished.openSaveLoad' : 'unfinished.openMacros')}
      </button>
    </div>
  );
}
