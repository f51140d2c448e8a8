import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { FlashProblem } from '../../../flash/flashProblem.ts';
import type { FlashOutcome } from '../../../flash/FlashSession.ts';

/** The words for a flash's problems and outcomes in the page's language (flash:problem.*, flash:step.*). */
export function useFlashText() {
  const { t, i18n } = useTranslation('flash');
  return useMemo(() => {
    const bytes = (n: number) => n.toLocaleString(i18n.language);
    return {
      bytes,
      problem: (p: FlashProblem) =>
        t(`problem.${p.code}`, { ...p.values, ...(p.values.step && { step: t(`step.${p.values.step}`) }) }),
      /** "Verified 27,874 bytes." where the bootloader read back, else what was written and that it was not. */
      outcome: (o: FlashOutcome) =>
        o.verified !== null
          ? t('dialog.verified', { bytes: bytes(o.verified) })
          : t('dialog.written', { bytes: bytes(o.written) }),
    };
  }, [t, i18n.language]);
}
