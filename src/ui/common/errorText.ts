import type { TFunction } from '../../i18n/useTranslation.ts';
import { KeyboardLockedError } from '../../state/vialLockRules.ts';

/** The message of anything thrown, for showing it. */
export function readableError(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** A write that did not happen, in words: a Vial keyboard's lock in the user's language, anything else as it came. */
export function writeErrorText(t: TFunction, error: unknown): string {
  return error instanceof KeyboardLockedError ? t(`locked.${error.action}`) : readableError(error);
}
