import { use } from 'react';
import { useTranslation } from '../../../i18n/useTranslation.ts';
import { useStore } from 'zustand';
import { useAppStores } from '../../AppContext.tsx';
import { showFlashDialog } from './flashDialogRoot.tsx';
import '../../common/onDemandParts.css';
import './flashing.css';

/**
 * Configure → Firmware for a QMK keyboard without the vendor's firmware entry (docs/flashing.md): what flashing
 * does, and the button that opens the flash dialog (a flash already running is shown again).
 */
export function QmkFirmwarePane() {
  const { t } = useTranslation('flash');
  const stores = useAppStores();
  const flash = use(stores.runtime.qmkFlash.load());
  const running = useStore(flash, (s) => !['setup', 'done', 'failed', 'cancelled'].includes(s.stage.kind));
  const keychron = useStore(stores.runtime.store, (s) => !!s.capabilities?.keychron);
  return (
    <section className="pane card flash-pane" aria-labelledby="flash-pane-title">
      <h2 id="flash-pane-title">{t('pane.title')}</h2>
      <p>
        {t('pane.intro')}
        {keychron && ` ${t('pane.keychron')}`}
      </p>
      <div>
        <button
          type="button"
          className="btn btn-primary"
          onClick={() => {
            flash.getState().openFor();
            showFlashDialog(stores);
          }}
        >
          {running ? t('pane.show') : t('pane.open')}
        </button>
      </div>
    </section>
  );
}
