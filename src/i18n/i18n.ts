import { LANGUAGES, type Language } from '../state/settingsStore.ts';
import { Translator, type Strings } from './translator.ts';
import { setTranslator } from './useTranslation.ts';

// Each <lng>/<namespace>.json becomes its own chunk, so only the language and screens in use are downloaded.
const LOCALE_FILES = import.meta.glob<{ default: Strings }>('./locales/*/*.json');

export const NAMESPACES = [
  'common',
  'shell',
  'settings',
  'errors',
  'devices',
  'keycodes',
  'configure',
  'connection',
] as const;
export const LANGUAGE_NAMES: Record<Language, string> = {
  en: 'English',
  zh: '中文',
  ko: '한국어',
  ja: '日本語',
};

/** Loads `locales/<language>/<namespace>.json`; an unknown language or namespace has no strings. */
async function loadStrings(language: string, namespace: string): Promise<Strings | null> {
  const load = LOCALE_FILES[`./locales/${language}/${namespace}.json`];
  return load ? (await load()).default : null;
}

/** Starts the translator with English fallback; resolves once the first screen's namespaces are loaded. */
export async function initI18n(language: Language): Promise<Translator> {
  const translator = new Translator(loadStrings, LANGUAGES.includes(language) ? language : 'en', 'en');
  setTranslator(translator);
  await translator.load(NAMESPACES);
  return translator;
}
