import { useState } from 'react';
import { useTranslation } from '../../i18n/useTranslation.ts';

/**
 * While the browser refuses site data ("Block all cookies"), says that settings and stored files last only
 * until the page closes: the app runs on memory instead of failing to start. Dismissed for this page only.
 */
export function SiteDataNotice() {
  const { t } = useTranslation('gates');
  const [shown, setShown] = useState(true);
  if (!shown) return null;
  return (
    // The route gate notice's look (its stylesheet is on the first screen).
    <div className="route-gate-notice" role="status" data-testid="site-data-notice">
      <span>{t('siteData.notKept')}</span>
      <button type="button" className="btn" onClick={() => setShown(false)}>
        {t('dismiss')}
      </button>
    </div>
  );
}
