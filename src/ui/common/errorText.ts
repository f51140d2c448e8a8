import type { TFunction } from 'i18next';
import type { LayoutRefusal } from '../../formats/layoutRefusal.ts';
import { KeyboardLockedError } from '../../state/vialLockRules.ts';

/** The message of anything thrown, for showing it. */
export function readableError(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** A write that did not happen, in words: a Vial keyboard's lock in the user's language, anything else as it came. */
export function writeErrorText(t: TFunction<'safety'>, error: unknown): string {
  return error instanceof KeyboardLockedError ? t(`locked.${error.action}`) : readableError(error);
}

/**
 * Why a layout file was refused, in the page's language (`layoutFiles:refusal.<code>`, the core's values placed).
 * The `layoutFiles` namespace must be loaded with the screen that shows it.
 */
export function layoutRefusalWords(t: TFunction, refusal: LayoutRefusal): string {
  return t(`layoutFiles:refusal.${refusal.code}`, refusal.values);
}
