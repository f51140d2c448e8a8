import type { Language } from '../state/settingsStore.ts';

/** Each language in its own words, as the Settings screen lists them (loaded with that screen). */
export const LANGUAGE_NAMES: Record<Language, string> = {
  en: 'English',
  zh: '中文',
  ko: '한국어',
  ja: '日本語',
};
