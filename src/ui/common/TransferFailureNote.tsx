import { useTranslation } from '../../i18n/useTranslation.ts';
import { formatBytes } from '../../formats/size.ts';
import type { TransferFailureInfo } from '../../state/transferStore.ts';

/** Says why a transfer failed and what state it left the keyboard in (issues #13.7, #18.6). */
export function TransferFailureNote({ failure }: { failure: TransferFailureInfo | null }) {
  const { t } = useTranslation('vendor');
  if (!failure) return null;
  return (
    <span data-testid="transfer-failure">
      {t('reason', { reason: failure.message })}{' '}
      {t(`keyboardState.${failure.keyboardState}`, {
        sent: formatBytes(failure.sent),
        total: formatBytes(failure.total),
      })}
    </span>
  );
}
