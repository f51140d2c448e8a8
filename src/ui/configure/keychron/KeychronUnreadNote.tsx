import { useTranslation } from '../../../i18n/useTranslation.ts';
import type { KeychronProblem } from '../../../services/keychronProblem.ts';
import { keychronProblemText } from './keychronProblemText.ts';

/** A board that answered Keychron's 0xA0 but garbled its feature reads: why it shows as a plain VIA board. */
export function KeychronUnreadNote({ problem }: { problem: KeychronProblem }) {
  const { t } = useTranslation('keychron');
  return (
    <p className="row-hint" role="status">
      {t('unread', { message: keychronProblemText(t, problem) })}
    </p>
  );
}
