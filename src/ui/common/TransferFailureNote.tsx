import { useTranslation } from '../../i18n/useTranslation.ts';
import { formatBytes } from '../../formats/size.ts';
import type { TransferFailureInfo } from '../../state/transferStore.ts';

/** Says why a transfer failed and what state it left the keyboard in (issues #13.7, #18.6). */
export function TransferFailureNote({ failure }: { failure: TransferFailureInfo | null }) {
  const { t } = useTranslation('vendor');
  if (!failure) return null;
  return (
    <span data-testid="transfer-failure">
      {/* The sentence's own full stop: a browser's message ('The device has been lost.') brings one too. */}
      {t('reason', { reason: failure.message.replace(/[.。]\s*$/, '') })}{' '}
      {t(`keyboardState.${failure.keyboardState}`, {
        sent: formatBytes(failure.sent),
        total: formatBytes(failure.total),
      })}
    </span>
  );
}
