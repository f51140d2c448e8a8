import { useTranslation } from '../../../i18n/useTranslation.ts';
import type { ZmkFailure } from '../../../state/zmkKeyboardStore.ts';

/** The last request that failed, in the user's language by its code, with what Keyloom did about it. */
export function ZmkFailureNote({ failure, onDismiss }: { failure: ZmkFailure; onDismiss(): void }) {
  const { t } = useTranslation('zmk');
  return (
    <div className="write-failure zmk-failure" role="alert" data-testid="zmk-failure">
      <p>
        {failure.over
          ? t('error.overLimit', {
              what: t(`limit.${failure.over.what}`, { defaultValue: failure.over.what }),
              value: failure.over.value.toLocaleString(),
              limit: failure.over.limit.toLocaleString(),
            })
          : t(`error.${failure.code}`)}
        {failure.key && ` ${t('failure.keyBack', { position: failure.key.position })}`}
        {failure.reread && ` ${t('failure.reread')}`}
      </p>
      {failure.request && (
        <p className="row-hint">{t(`request.${failure.request}`, { defaultValue: failure.request })}</p>
      )}
      <button type="button" className="btn btn-sm" onClick={onDismiss}>
        {t('dismiss')}
      </button>
    </div>
  );
}
