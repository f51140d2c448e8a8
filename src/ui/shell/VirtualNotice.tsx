import { useTranslation } from 'react-i18next';

/**
 * Says plainly that the keyboard shown is a virtual one (a new user cannot tell it from their own), beside the
 * way to connect the real one (issue #30.1). `onAuthorize` is absent where the browser has no WebHID.
 *
 * The button is the keyboard badge's own entry brought out of its menu, so it carries that entry's words: the
 * spec names the badge entry 'Authorize New' (core.md §2 Shell); a ZMK keyboard is connected through ZMK's
 * dialog, the badge's 'Connect a ZMK keyboard…'. (The spec's 'Authorize device' is the loader's button, shown
 * when no keyboard is.)
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
          {t(zmk ? 'connectZmk' : 'authorizeNew')}
        </button>
      )}
    </p>
  );
}
