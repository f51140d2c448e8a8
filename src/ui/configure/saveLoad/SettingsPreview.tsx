import { useId } from 'react';
import { useTranslation } from '../../../i18n/useTranslation.ts';
import type { SettingsChanges } from '../../../formats/layoutSettings.ts';

/** The Load preview's line about a file's settings: how many layout option and lighting/menu values change. */
export function SettingsPreview({ changes }: { changes: SettingsChanges }) {
  const { t } = useTranslation('sheets');
  const id = useId();
  const count = changes.values.length + (changes.layoutOptions ? 1 : 0);
  if (count === 0) return null;
  return (
    <section aria-labelledby={id}>
      <h3 id={id}>{t('previewSettings')}</h3>
      <p data-testid="preview-settings">{t('previewSettingsBody', { count })}</p>
    </section>
  );
}
