/** A namespace's strings as its JSON file holds them (nested objects of strings). */
export type Strings = { [key: string]: string | Strings };

/** Loads one namespace of one language; null when the file does not exist. */
export type StringsLoader = (language: string, namespace: string) => Promise<Strings | null>;

export interface TranslateOptions {
  /** Picks the plural form (`key_one`, `key_other` … by the language's plural rules) and fills `{{count}}`. */
  count?: number;
  [name: string]: unknown;
}

const PLACEHOLDER = /\{\{\s*([\w.]+)\s*\}\}/g;

/**
 * Keyloom's strings (docs/performance.md): namespaces loaded on demand per language, English as the fallback, `ns:key`
 * and dotted keys, `{{name}}` interpolation and plural forms by `Intl.PluralRules` (`_zero` for 0 when
 * present, then the language's category, then `_other`). The subset of i18next the app uses, in a few
 * hundred bytes instead of ≈ 18 kB gz on the first screen. A missing key shows as the key.
 */
export class Translator {
  private readonly strings = new Map<string, Strings>();
  private readonly loading = new Map<string, Promise<void>>();
  private readonly listeners = new Set<() => void>();
  private readonly plurals = new Map<string, Intl.PluralRules>();

  constructor(
    private readonly loader: StringsLoader,
    public language: string,
    readonly fallback = 'en',
  ) {}

  private languages(language = this.language): string[] {
    return language === this.fallback ? [language] : [language, this.fallback];
  }

  /** Whether `namespaces` are loaded for the current language and the fallback. */
  ready(namespaces: readonly string[]): boolean {
    return this.languages().every((l) => namespaces.every((ns) => this.strings.has(`${l}/${ns}`)));
  }

  /** Loads `namespaces` for `language` and the fallback; the same promise while a load is under way. */
  load(namespaces: readonly string[], language = this.language): Promise<void> {
    const id = `${language}|${namespaces.join(',')}`;
    let pending = this.loading.get(id);
    if (!pending) {
      pending = Promise.all(
        this.languages(language).flatMap((l) => namespaces.map((ns) => this.loadOne(l, ns))),
      ).then(() => undefined);
      this.loading.set(id, pending);
      // A failed load may be tried again (a flaky network); a finished one is remembered through `strings`.
      pending.then(
        () => this.loading.delete(id),
        () => this.loading.delete(id),
      );
    }
    return pending;
  }

  private async loadOne(language: string, namespace: string): Promise<void> {
    if (this.strings.has(`${language}/${namespace}`)) return;
    this.strings.set(`${language}/${namespace}`, (await this.loader(language, namespace)) ?? {});
  }

  /** Switches language once the namespaces in use are loaded for it, then tells the subscribers. */
  async changeLanguage(language: string): Promise<void> {
    const inUse = [...new Set([...this.strings.keys()].map((k) => k.slice(k.indexOf('/') + 1)))];
    await this.load(inUse, language);
    this.language = language;
    this.listeners.forEach((listener) => listener());
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** The string for `key` (`ns:key` picks another namespace than `namespace`), filled from `options`. */
  t(namespace: string, key: string, options: TranslateOptions = {}): string {
    const colon = key.indexOf(':');
    const ns = colon > 0 ? key.slice(0, colon) : namespace;
    const path = colon > 0 ? key.slice(colon + 1) : key;
    for (const language of this.languages()) {
      const strings = this.strings.get(`${language}/${ns}`);
      for (const candidate of this.candidates(language, path, options.count)) {
        const value = lookup(strings, candidate);
        if (typeof value === 'string') return interpolate(value, options);
      }
    }
    return path;
  }

  private candidates(language: string, path: string, count: unknown): string[] {
    if (typeof count !== 'number') return [path];
    let rules = this.plurals.get(language);
    if (!rules) {
      rules = new Intl.PluralRules(language);
      this.plurals.set(language, rules);
    }
    return [
      ...(count === 0 ? [`${path}_zero`] : []),
      `${path}_${rules.select(count)}`,
      `${path}_other`,
      path,
    ];
  }
}

function lookup(strings: Strings | undefined, path: string): string | Strings | undefined {
  if (!strings) return undefined;
  // Keys may contain dots themselves ("pane.keymap" stored flat) or walk nested objects.
  if (path in strings) return strings[path];
  let node: string | Strings | undefined = strings;
  for (const part of path.split('.')) {
    if (typeof node !== 'object') return undefined;
    node = node[part];
  }
  return node;
}

function interpolate(text: string, options: TranslateOptions): string {
  return text.replace(PLACEHOLDER, (_, name: string) => {
    const value = options[name];
    return value === undefined || value === null ? '' : String(value);
  });
}
