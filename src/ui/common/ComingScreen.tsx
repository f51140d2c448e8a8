import { useTranslation } from 'react-i18next';

/** A screen whose feature is planned but not shipped yet: says so plainly instead of showing a fake tool. */
export function ComingScreen({ titleKey, bodyKey }: { titleKey: string; bodyKey: string }) {
  const { t } = useTranslation('shell');
  return (
    <div className="screen">
      <h1>{t(titleKey)}</h1>
      <p className="card empty-state">{t(bodyKey)}</p>
    </div>
  );
}
