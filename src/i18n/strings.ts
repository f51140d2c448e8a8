import { setupI18n } from '@lingui/core';
import { BACKSLASH_STAND_IN, type CompiledCatalog } from './catalogFormat.ts';

/**
 * Values placed into a message (`{{name}}`). A number `count` picks the plural form (a string one, already
 * formatted, is only placed); `defaultValue` stands in for a missing key.
 */
export type TValues = Record<string, unknown> & { count?: number | string; defaultValue?: string };
/** A message by key (`doctor.title`, or `connection:doctor.title` for another namespace), its values placed. */
export type TFunction = (key: string, values?: TValues) => string;
/** One namespace's compiled catalog in one language; `{}` where the language has no such file. */
export type CatalogReader = (language: string, namespace: string) => Promise<CompiledCatalog>;

/** Every language's fallback: a key missing in another language shows its English. */
export const FALLBACK_LANGUAGE = 'en';

/**
 * The app's strings over Lingui's runtime (ADR 0011), shaped like the part of i18next the app used: namespaces
 * loaded when asked for, English under every other language, a language change that loads every namespace
 * loaded so far before it shows, and `t(key, values)`.
 */
export interface Strings {
  /** The language shown ('' until the first `changeLanguage`). */
  readonly language: string;
  /** Loads every namespace loaded so far in `language` (and English), then shows it; the last call wins. */
  changeLanguage(language: string): Promise<void>;
  /** Loads `namespaces` in the language shown (or being switched to) and English, and keeps them loaded. */
  load(namespaces: readonly string[]): Promise<void>;
  hasLoadedNamespace(namespace: string): boolean;
  /** What a component must wait for before it can show `namespaces`, or null when they are here. */
  pending(namespaces: readonly string[]): Promise<void> | null;
  /** `t` over `namespaces` in order (the first a key is found in wins); the same function until the language changes. */
  getFixedT(namespaces: string | readonly string[]): TFunction;
  /** `t` over `common`, i18next's default namespace here. */
  t: TFunction;
  /** For `useSyncExternalStore`: called after the language shown changes. */
  subscribe(listener: () => void): () => void;
}

const withStandIns = (text: string) => text.replaceAll('\\', BACKSLASH_STAND_IN);
const withoutStandIns = (text: string) =>
  text.includes(BACKSLASH_STAND_IN) ? text.replaceAll(BACKSLASH_STAND_IN, '\\') : text;

/** `values` with every backslash as its stand-in (catalogFormat.ts); the same object when none has one. */
function protect(values: TValues | undefined): TValues | undefined {
  if (!values) return values;
  let out = values;
  for (const [name, value] of Object.entries(values))
    if (typeof value === 'string' && value.includes('\\')) {
      if (out === values) out = { ...values };
      out[name] = withStandIns(value);
    }
  return out;
}

function prefixed(namespace: string, catalog: CompiledCatalog): CompiledCatalog {
  const out: CompiledCatalog = {};
  for (const [key, message] of Object.entries(catalog)) out[`${namespace}:${key}`] = message;
  return out;
}

export function createStrings(read: CatalogReader): Strings {
  const lingui = setupI18n();
  /** Every namespace asked for so far, in any language: a language change loads them all. */
  const requested = new Set<string>();
  /** `<language>:<namespace>` → its load, once asked for (dropped again when a file could not be read). */
  const loads = new Map<string, Promise<void>>();
  /** `<language>:<namespace>` whose load has settled, read or not. */
  const settled = new Set<string>();
  const waits = new Map<string, Promise<void>>();
  const listeners = new Set<() => void>();
  let fixed = new Map<string, TFunction>();
  let target = '';

  const tolerant = (catalog: Promise<CompiledCatalog>) => catalog.catch(() => null);
  function loadOne(language: string, namespace: string): Promise<void> {
    const id = `${language}:${namespace}`;
    let load = loads.get(id);
    if (!load) {
      load = Promise.all([
        tolerant(read(FALLBACK_LANGUAGE, namespace)),
        language === FALLBACK_LANGUAGE ? {} : tolerant(read(language, namespace)),
      ]).then(([fallback, own]) => {
        // English first, the language's own messages over it: a key it lacks shows in English.
        lingui.load(language, prefixed(namespace, { ...fallback, ...own }));
        settled.add(id);
        // As with i18next, what could not be read (offline, a failed chunk) leaves keys showing; the next load tries again.
        if (!fallback || !own) loads.delete(id);
      });
      loads.set(id, load);
    }
    return load;
  }

  function translate(namespaces: readonly string[], key: string, values?: TValues): string {
    const colon = key.indexOf(':');
    const [lookIn, bare] = colon > 0 ? [[key.slice(0, colon)], key.slice(colon + 1)] : [namespaces, key];
    const messages = lingui.messages;
    for (const namespace of lookIn) {
      const id = `${namespace}:${bare}`;
      if (Object.hasOwn(messages, id)) return withoutStandIns(lingui._(id, protect(values)));
    }
    return values?.defaultValue ?? bare;
  }

  const strings: Strings = {
    get language() {
      return lingui.locale;
    },
    async changeLanguage(language) {
      target = language;
      // Namespaces asked for while these load are loaded too before the language shows.
      for (;;) {
        const missing = [...requested].filter((n) => !settled.has(`${language}:${n}`));
        if (!missing.length) break;
        await Promise.all(missing.map((n) => loadOne(language, n)));
        if (target !== language) return;
      }
      if (target !== language || lingui.locale === language) return;
      // Lingui warns when a locale without messages is activated: a language with nothing loaded yet has none.
      lingui.load(language, {});
      lingui.activate(language);
      fixed = new Map();
      waits.clear();
      for (const listener of [...listeners]) listener();
    },
    async load(namespaces) {
      for (const n of namespaces) requested.add(n);
      const languages = new Set([lingui.locale, target].filter(Boolean));
      await Promise.all([...languages].flatMap((language) => namespaces.map((n) => loadOne(language, n))));
    },
    hasLoadedNamespace: (namespace) => settled.has(`${lingui.locale}:${namespace}`),
    pending(namespaces) {
      if (!lingui.locale || namespaces.every(strings.hasLoadedNamespace)) return null;
      // One promise per wait, so React's `use` sees the same one on every try.
      const id = namespaces.join('|');
      let wait = waits.get(id);
      if (!wait) waits.set(id, (wait = strings.load(namespaces)));
      return wait;
    },
    getFixedT(namespaces) {
      const list = typeof namespaces === 'string' ? [namespaces] : namespaces;
      const id = list.join('|');
      let t = fixed.get(id);
      if (!t) fixed.set(id, (t = (key, values) => translate(list, key, values)));
      return t;
    },
    t: (key, values) => translate(['common'], key, values),
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  return strings;
}
