import { useTranslation } from 'react-i18next';

/**
 * Says plainly that the keyboard shown is a virtual one (a new user cannot tell it from their own), beside the
 * way to connect the real one (issue #30.1). `onAuthorize` is absent where the browser has no WebHID.
 */
export function VirtualNotice({ onAuthorize }: { onAuthorize: (() => void) | undefined }) {
  const { t } = useTranslation('shell');
  return (
    <p className="virtual-notice">
      <strong>{t('virtualNoticeTitle')}</strong>
      <span className="virtual-notice-body">— {t('virtualNoticeBody')}</span>
      {onAuthorize && (
        <button type="button" className="btn btn-sm btn-primary" onClick={onAuthorize}>
          {t('authorizeDevice')}
        </button>
      )}
    </p>
  );
}
