import { useTranslation } from '../../i18n/useTranslation.ts';

/**
 * Says plainly that the keyboard shown is a virtual one (a new user cannot tell it from their own), beside the
 * way to connect the real one (issue #30.1). `onAuthorize` is absent where the browser has no WebHID.
 *
 * The button says 'Authorize device', as issue #30.1 asks and as the spec's loader button does for the same
 * WebHID chooser (the badge menu keeps the spec's 'Authorize New' for adding one more keyboard); a ZMK keyboard
 * is connected through ZMK's dialog, so there it carries that dialog's name, as the badge menu does.
 */
export function VirtualNotice({
  onAuthorize,
  zmk = false,
}: {
  onAuthorize: (() => void) | undefined;
  zmk?: boolean;
}) {
  const { t } = useTranslation('shell');
  return (
    <p className="virtual-notice">
      <strong>{t('virtualNoticeTitle')}</strong>
      <span className="virtual-notice-body">— {t('virtualNoticeBody')}</span>
      {onAuthorize && (
        <button type="button" className="btn btn-sm btn-primary" onClick={onAuthorize}>
          {t(zmk ? 'connectZmk' : 'authorizeDevice')}
        </button>
      )}
    </p>
  );
}
