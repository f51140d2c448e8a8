import { use, useSyncExternalStore } from 'react';
import { strings } from './i18n.ts';
import type { Strings, TFunction } from './strings.ts';

export type { TFunction, TValues } from './strings.ts';

/**
 * A component's strings (ADR 0011, in place of react-i18next's hook of the same name): `t` looks a key up in
 * `namespaces` in order, and `i18n` is the language shown and its change. The component renders again when the
 * language changes, and suspends (like react-i18next with `useSuspense`) until its namespaces are loaded; the
 * on-demand ones normally are already, by `withStrings` (i18n.ts).
 */
export function useTranslation(namespaces: string | readonly string[]): { t: TFunction; i18n: Strings } {
  useSyncExternalStore(strings.subscribe, languageShown, languageShown);
  const list = typeof namespaces === 'string' ? [namespaces] : namespaces;
  const pending = strings.pending(list);
  if (pending) use(pending);
  return { t: strings.getFixedT(list), i18n: strings };
}

const languageShown = () => strings.language;
