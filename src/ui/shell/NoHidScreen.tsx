import { useTranslation } from '../../i18n/useTranslation.ts';
import { overrideHidCheck } from './hidOverride.ts';
import { useDoctor } from '../devices/dialogProviders.tsx';
import '../common/onDemandParts.css';

/** Shown when the browser has no WebHID: keyboard view and global menu are hidden. */
export function NoHidScreen() {
  const { t } = useTranslation(['connection', 'shell']);
  const openDoctor = useDoctor();
  return (
    <main className="screen">
      <div className="card empty-state" role="alert">
        <h1>{t('usbErrorTitle')}</h1>
        <p>{t('usbErrorBody')}</p>
        <p>{t('usbErrorVirtualHint')}</p>
        <button type="button" className="btn" onClick={overrideHidCheck}>
          {t('usbErrorOverride')}
        </button>
        <button type="button" className="btn" onClick={openDoctor}>
          {t('shell:doctorButton')}
        </button>
      </div>
    </main>
  );
}
