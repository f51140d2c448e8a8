import { useMemo } from 'react';
import { useTranslation } from '../../../i18n/useTranslation.ts';
import type { FlashProblem } from '../../../flash/flashProblem.ts';
import type { FlashOutcome } from '../../../flash/FlashSession.ts';
import { refusalWords } from '../../common/refusalWords.ts';

/** The words for a flash's problems (`refusals:flash.*`, `refusals:flashStep.*`) and outcomes in the page's language. */
export function useFlashText() {
  const { t, i18n } = useTranslation('flash');
  const { t: refusals } = useTranslation('refusals');
  return useMemo(() => {
    const bytes = (n: number) => n.toLocaleString(i18n.language);
    return {
      bytes,
      problem: (p: FlashProblem) => refusalWords(refusals, p),
      /** "Verified 27,874 bytes." where the bootloader read back, else what was written and that it was not. */
      outcome: (o: FlashOutcome) =>
        o.verified !== null
          ? t('dialog.verified', { bytes: bytes(o.verified) })
          : t('dialog.written', { bytes: bytes(o.written) }),
    };
  }, [t, refusals, i18n.language]);
}
