import { useCallback, useSyncExternalStore } from 'react';
import type { TranslateOptions, Translator } from './translator.ts';

/**
 * React's view of the translator, with the `react-i18next` surface the app uses (`useTranslation(ns)` →
 * `{ t, i18n }`). Vite and TypeScript resolve the module name `react-i18next` to this file (docs/performance.md), so
 * components keep their usual import.
 */
let current: Translator | null = null;

/** Makes `translator` the one every `useTranslation` reads (set once at start-up by `initI18n`). */
export function setTranslator(translator: Translator): void {
  current = translator;
}

/** A translate function; the namespace parameter is accepted for react-i18next compatibility, not checked. */
export type TFunction<_Namespace extends string = string> = (
  key: string,
  options?: TranslateOptions,
) => string;

export interface I18nHandle {
  language: string;
  changeLanguage(language: string): Promise<void>;
}

/**
 * The strings of `namespace` (the first of a list is the default; others are reached as `ns:key`). Suspends
 * until they are loaded for the current language and English; re-renders when the language changes.
 */
export function useTranslation(namespace: string | readonly string[] = 'common'): {
  t: TFunction;
  i18n: I18nHandle;
} {
  const translator = current;
  if (!translator) throw new Error('Strings are not set up: call initI18n() first');
  const namespaces = typeof namespace === 'string' ? [namespace] : [...namespace];
  const subscribe = useCallback((listener: () => void) => translator.subscribe(listener), [translator]);
  const language = useSyncExternalStore(subscribe, () => translator.language);
  const first = namespaces[0] ?? 'common';
  // One function per language and namespace, so effects depending on `t` run again after a change.
  const t = useCallback<TFunction>(
    (k, options) => translator.t(first, k, options),
    // `language` is a dependency on purpose: a new language gives a new `t`.
    [translator, language, first],
  );
  // Suspense: the nearest boundary shows its fallback until the strings arrive.
  if (!translator.ready(namespaces)) throw translator.load(namespaces);
  return {
    t,
    i18n: { language, changeLanguage: (next) => translator.changeLanguage(next) },
  };
}
