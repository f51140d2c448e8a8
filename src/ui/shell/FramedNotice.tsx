import { createRoot } from 'react-dom/client';
import { useTranslation } from '../../i18n/useTranslation.ts';
import { initI18n, loadStrings } from '../../i18n/i18n.ts';
import { createSettingsStore } from '../../state/settingsStore.ts';
import { browserStorage } from '../../state/storage.ts';
import './framedNotice.css';

/** What a page framed by another site shows instead of the app: why, and the way to the app in its own tab. */
function FramedNotice({ href }: { href: string }) {
  const { t } = useTranslation('gates');
  return (
    <main className="framed-notice">
      <h1>{t('framed.title')}</h1>
      <p>{t('framed.why')}</p>
      <p>
        <a className="btn btn-primary" href={href} target="_blank" rel="noopener noreferrer">
          {t('framed.open')}
        </a>
      </p>
    </main>
  );
}

/**
 * Renders only the notice, in the user's language, into `root`: start-up calls it instead of starting the app,
 * so nothing of the app (devices, stores, the service worker) runs in another site's frame.
 */
export async function showFramedNotice(root: HTMLElement): Promise<void> {
  const { language } = createSettingsStore(browserStorage(), () => undefined).getState();
  await initI18n(language);
  await loadStrings(['gates']);
  createRoot(root).render(<FramedNotice href={window.location.href} />);
}
