import { useTranslation } from '../../i18n/useTranslation.ts';
import type { GateReason } from '../common/routes.ts';
import './RouteGateNotice.css';

/** Says why a typed or bookmarked screen was not opened (its menu entry is hidden for the same reason). */
export function RouteGateNotice({ reason, onDismiss }: { reason: GateReason; onDismiss(): void }) {
  const { t } = useTranslation('gates');
  return (
    <div className="route-gate-notice" role="status">
      <span>{t(reason)}</span>
      <button type="button" className="btn" onClick={onDismiss}>
        {t('dismiss')}
      </button>
    </div>
  );
}
