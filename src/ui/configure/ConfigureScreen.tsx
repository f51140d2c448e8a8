import { useTranslation } from 'react-i18next';

export function ConfigureScreen() {
  const { t } = useTranslation('shell');
  return (
    <div className="screen">
      <div className="card empty-state">
        <h1>{t('welcomeTitle')}</h1>
        <p>{t('welcomeBody')}</p>
      </div>
    </div>
  );
}
