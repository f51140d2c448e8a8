import { useTranslation } from '../../i18n/useTranslation.ts';

export function ErrorDialog({ error, onRetry }: { error: Error; onRetry(): void }) {
  const { t } = useTranslation('shell');
  return (
    <div className="dialog-backdrop">
      <div className="dialog" role="alertdialog" aria-modal="true" aria-labelledby="app-error-title">
        <h2 id="app-error-title">{t('crashTitle')}</h2>
        <p>{t('crashBody')}</p>
        <pre>{error.message}</pre>
        <div style={{ display: 'flex', gap: 'var(--space-2)', justifyContent: 'flex-end' }}>
          <button type="button" className="btn" onClick={onRetry}>
            {t('crashRetry')}
          </button>
          <button type="button" className="btn btn-primary" onClick={() => window.location.reload()}>
            {t('crashReload')}
          </button>
        </div>
      </div>
    </div>
  );
}
