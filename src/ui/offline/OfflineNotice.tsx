import { useTranslation } from '../../i18n/useTranslation.ts';
import { Message } from '../common/Message.tsx';
import { useOnline } from './useOnline.ts';

/**
 * Beside an action that needs the network (online firmware check, sharing): says so while offline, so the
 * action is not tried and left to fail obscurely. Renders nothing online. Its strings are the hardware panes'
 * (Firmware, Matrix Lighting), which load with them.
 */
export function OfflineNotice({ action }: { action: 'firmware' | 'share' }) {
  const { t } = useTranslation('hardware');
  const online = useOnline();
  if (online) return null;
  return <Message kind="info">{t(`offline.${action}`)}</Message>;
}
