import { useMemo } from 'react';
import { useTranslation } from '../../../i18n/useTranslation.ts';
import type { Refusal } from '../../../lib/refusal.ts';
import type { FlashStage } from '../../../state/qmkFlashState.ts';
import { refusalWords } from '../../common/refusalWords.ts';

type FlashOutcome = Extract<FlashStage, { kind: 'returning' }>['outcome'];

/** The words for a flash's problems (`refusals:flash.*`, `refusals:flashStep.*`) and outcomes in the page's language. */
export function useFlashText() {
  const { t, i18n } = useTranslation('flash');
  const { t: refusals } = useTranslation('refusals');
  return useMemo(() => {
    const bytes = (n: number) => n.toLocaleString(i18n.language);
    return {
      bytes,
      problem: (p: Refusal) => refusalWords(refusals, p),
      /** "Verified 27,874 bytes." where the bootloader read back, else what was written and that it was not. */
      outcome: (o: FlashOutcome) =>
        o.verified !== null
          ? t('dialog.verified', { bytes: bytes(o.verified) })
          : t('dialog.written', { bytes: bytes(o.written) }),
    };
  }, [t, refusals, i18n.language]);
}
