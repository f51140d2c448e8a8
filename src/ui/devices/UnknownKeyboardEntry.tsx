import { useTranslation } from '../../i18n/useTranslation.ts';
import { VIRTUAL_KEYBOARD_CHOICES } from '../../services/virtualKeyboardChoices.ts';
import { DemoCard } from './DemoCard.tsx';

const UNKNOWN_DEMO = VIRTUAL_KEYBOARD_CHOICES.unknown;

/** The 'Try a virtual keyboard' dialog's entry for the keyboard Keyloom has no definition for (FEED:0001). */
export function UnknownKeyboardEntry({ disabled, onPlug }: { disabled: boolean; onPlug(id: string): void }) {
  const { t } = useTranslation('connection');
  return (
    <DemoCard
      name={`${UNKNOWN_DEMO.name} · FEED:0001`}
      hint={t('unknownDemo')}
      disabled={disabled}
      onPlug={() => onPlug(UNKNOWN_DEMO.id)}
    />
  );
}
