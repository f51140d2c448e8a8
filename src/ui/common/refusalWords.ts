import { type TFunction, useTranslation } from '../../i18n/useTranslation.ts';
import type { Refusal, RefusalValue } from '../../lib/refusal.ts';

/**
 * Why a file, a link or a macro was refused, in the page's language (`refusals:<code>`, the core's values placed;
 * a value that is itself a refusal, such as a macro's reason inside a file's refusal, worded first).
 */
export function refusalWords(t: TFunction, refusal: Refusal): string {
  const value = (v: RefusalValue) => (typeof v === 'string' ? v : refusalWords(t, v));
  const values = Object.fromEntries(Object.entries(refusal.values).map(([k, v]) => [k, value(v)]));
  return t(refusal.code, values);
}

/** `refusalWords` for a screen: the `refusals` strings load with the screens that use this. */
export function useRefusalWords(): (refusal: Refusal) => string {
  const { t } = useTranslation('refusals');
  return (refusal) => refusalWords(t, refusal);
}
