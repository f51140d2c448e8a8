import { useTranslation } from '../../i18n/useTranslation.ts';
import './definitionNotice.css';

/** The notice `DefinitionNoticeProvider` shows; loaded with the first one (few sessions ever show it). */
export function DefinitionNoticeBox({ text, onDismiss }: { text: string; onDismiss(): void }) {
  const { t } = useTranslation('common');
  return (
    <div className="definition-notice" role="alert">
      <p>{text}</p>
      <button type="button" className="btn btn-sm" onClick={onDismiss}>
        {t('dismiss')}
      </button>
    </div>
  );
}
