import { useTranslation } from '../../i18n/useTranslation.ts';
import { useAppStores } from '../AppContext.tsx';
import { useVirtualDialog } from '../devices/dialogProviders.tsx';
import '../common/onDemandParts.css';

// Its one rule inline: a stylesheet of its own would cost the first screen a line in the chunk list.
const ACTIONS = {
  display: 'flex',
  flexWrap: 'wrap',
  justifyContent: 'center',
  gap: 'var(--space-2)',
} as const;

/**
 * Configure with no keyboard at all: how to connect one (VIA and Vial through WebHID's chooser, ZMK through its
 * connect dialog), or try a virtual one. A new user is shown the demo
 * keyboard instead, so this loads (with its strings) only when it is shown.
 */
export function WelcomeCard() {
  const { t } = useTranslation(['devices', 'shell']);
  const { runtime } = useAppStores();
  const openVirtual = useVirtualDialog();
  return (
    <div className="screen">
      <div className="card empty-state">
        <h1>{t('welcomeTitle')}</h1>
        <p>{t('welcomeBody')}</p>
        <div className="empty-actions" style={ACTIONS}>
          {/* core.md §2: with no device an 'Authorize device' button reloads the device list. */}
          {runtime.provider.hasRealHid && (
            <button
              type="button"
              className="btn btn-primary"
              onClick={() => {
                // The list reloads at once, and again once the browser's chooser closes with a grant.
                void runtime.store.getState().refresh();
                void runtime.store.getState().authorizeNew();
              }}
            >
              {t('shell:authorizeDevice')}
            </button>
          )}
          {/* A ZMK keyboard is reached through ZMK's connect dialog (serial or Bluetooth), not WebHID's chooser. */}
          <button
            type="button"
            className="btn"
            onClick={() => void runtime.zmk.load().then((zmk) => zmk.getState().showConnect(true))}
          >
            {t('shell:connectZmk')}
          </button>
          <button type="button" className="btn" onClick={openVirtual}>
            {t('shell:tryVirtual')}
          </button>
        </div>
      </div>
    </div>
  );
}
