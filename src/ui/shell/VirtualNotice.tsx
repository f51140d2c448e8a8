import { useTranslation } from '../../i18n/useTranslation.ts';

/**
 * Says plainly that the keyboard shown is a virtual one (a new user cannot tell it from their own), beside the
 * ways to connect the real one: Vial and ZMK keyboards are named beside VIA, each with its own button (issue 38),
 * since a ZMK keyboard is not reached through WebHID's chooser but through ZMK's connect dialog (serial or
 * Bluetooth). A button is absent where its way is unavailable (no WebHID in the browser).
 *
 * It is a strip of its own under the top bar's row (docs/first-run.md): beside the menu, the badge and Boot /
 * Boot 2 it left no room at 1400 px and pushed the badge off the page at 1024 px.
 */
export function VirtualNotice({
  onAuthorize,
  onConnectZmk,
}: {
  onAuthorize: (() => void) | undefined;
  onConnectZmk: (() => void) | undefined;
}) {
  const { t } = useTranslation('shell');
  return (
    <p className="virtual-notice">
      <strong>{t('virtualNoticeTitle')}</strong>
      <span className="virtual-notice-body">— {t('virtualNoticeBody')}</span>
      {onAuthorize && (
        <button type="button" className="btn btn-sm btn-primary virtual-notice-connect" onClick={onAuthorize}>
          {t('authorizeViaVial')}
        </button>
      )}
      {onConnectZmk && (
        <button type="button" className="btn btn-sm" onClick={onConnectZmk}>
          {t('connectZmk')}
        </button>
      )}
    </p>
  );
}
