import { useTranslation } from 'react-i18next';
import { Message } from '../common/Message.tsx';
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

/**
 * Beside an action that needs the network (online firmware check, sharing): says so while offline, so the
 * action is not tried and left to fail obscurely. Renders nothing online.
 */
export function OfflineNotice({ action }: { action: 'firmware' | 'share' }) {
  const { t } = useTranslation('shell');
  const online = useOnline();
  if (online) return null;
  return <Message kind="info">{t(`offline.${action}`)}</Message>;
}
