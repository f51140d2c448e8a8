import i18next, { type BackendModule, type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { LANGUAGES, type Language } from '../state/settingsStore.ts';

import enCommon from './locales/en/common.json';
import enShell from './locales/en/shell.json';
import enSettings from './locales/en/settings.json';
import enErrors from './locales/en/errors.json';
import enDevices from './locales/en/devices.json';
import enKeycodes from './locales/en/keycodes.json';
import enConfigure from './locales/en/configure.json';
import enConnection from './locales/en/connection.json';
import enSheets from './locales/en/sheets.json';
import enFeedback from './locales/en/feedback.json';

// Each <lng>/<namespace>.json becomes its own chunk, so only the language and screens in use are downloaded.
const LOCALE_FILES = import.meta.glob<{ default: Record<string, unknown> }>('./locales/*/*.json');

export const NAMESPACES = [
  'common',
  'shell',
  'settings',
  'errors',
  'devices',
  'keycodes',
  'configure',
  'connection',
  'sheets',
  'feedback',
] as const;

/**
 * The first screen's English strings ship with the app: English is every language's fallback, so they are
 * fetched whatever the language, and inside the app's chunk they compress with it instead of as ten files.
 */
const FIRST_SCREEN_ENGLISH: Record<(typeof NAMESPACES)[number], Record<string, unknown>> = {
  common: enCommon,
  shell: enShell,
  settings: enSettings,
  errors: enErrors,
  devices: enDevices,
  keycodes: enKeycodes,
  configure: enConfigure,
  connection: enConnection,
  sheets: enSheets,
  feedback: enFeedback,
};
export const LANGUAGE_NAMES: Record<Language, string> = {
  en: 'English',
  zh: '中文',
  ko: '한국어',
  ja: '日本語',
};

const lazyLocales: BackendModule = {
  type: 'backend',
  init() {},
  read(language, namespace, callback) {
    const bundled =
      language === 'en' ? FIRST_SCREEN_ENGLISH[namespace as (typeof NAMESPACES)[number]] : undefined;
    if (bundled) {
      callback(null, bundled);
      return;
    }
    const load = LOCALE_FILES[`./locales/${language}/${namespace}.json`];
    if (!load) {
      callback(null, {});
      return;
    }
    load().then(
      (module) => callback(null, module.default),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), null),
    );
  },
};

/** Starts i18next with English fallback; resolves once the first screen's namespaces are loaded. */
export async function initI18n(language: Language): Promise<I18n> {
  await i18next
    .use(lazyLocales)
    .use(initReactI18next)
    .init({
      lng: language,
      fallbackLng: 'en',
      supportedLngs: [...LANGUAGES],
      ns: [...NAMESPACES],
      defaultNS: 'common',
      interpolation: { escapeValue: false },
      react: { useSuspense: true },
    });
  return i18next;
}
