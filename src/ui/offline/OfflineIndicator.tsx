import { useTranslation } from '../../i18n/useTranslation.ts';
import { useOnline } from './useOnline.ts';

/** The top bar's sign that the network is gone (everything but online actions keeps working). */
export function OfflineIndicator() {
  const { t } = useTranslation('shell');
  const online = useOnline();
  if (online) return null;
  return (
    <span className="offline-pill" role="status" title={t('offline.hint')}>
      {t('offline.label')}
    </span>
  );
}
