import { useTranslation } from '../../i18n/useTranslation.ts';
import { VIRTUAL_KEYBOARD_CHOICES } from '../../services/virtualKeyboardChoices.ts';
import './demoCards.css';

/** The 'Try a virtual keyboard' dialog's entry for the keyboard Keyloom has no definition for (FEED:0001). */
const UNKNOWN_DEMO = VIRTUAL_KEYBOARD_CHOICES.unknown;

export function UnknownKeyboardEntry({ disabled, onPlug }: { disabled: boolean; onPlug(id: string): void }) {
  const { t } = useTranslation('connection');
  return (
    <li>
      <button type="button" className="demo-card" disabled={disabled} onClick={() => onPlug(UNKNOWN_DEMO.id)}>
        <strong>{UNKNOWN_DEMO.name} · FEED:0001</strong>
        <span className="row-hint">{t('unknownDemo')}</span>
      </button>
    </li>
  );
}
