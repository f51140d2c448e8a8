import type { CompiledCatalog } from '../catalogFormat.ts';

/**
 * One language's namespace files, keyed by path (`../locales/<lng>/<namespace>.json`), each its own chunk and
 * compiled for Lingui at build time (the `?lingui` query, scripts/linguiCatalogPlugin.ts).
 */
export type LocaleFiles = Record<string, () => Promise<{ default: CompiledCatalog }>>;

/**
 * Each language's map of files loads on demand: a hundred file names (with their chunk hashes) would otherwise
 * ride in the first load, where English's first-screen strings are already bundled.
 */
const LANGUAGE_FILES: Record<string, () => Promise<{ files: LocaleFiles }>> = {
  en: () => import('./en.ts'),
  ja: () => import('./ja.ts'),
  ko: () => import('./ko.ts'),
  zh: () => import('./zh.ts'),
};

/** The loader of one namespace's strings in one language, or null where that file does not exist. */
export async function localeFile(
  language: string,
  namespace: string,
): Promise<(() => Promise<{ default: CompiledCatalog }>) | null> {
  const files = LANGUAGE_FILES[language];
  if (!files) return null;
  return (await files()).files[`../locales/${language}/${namespace}.json`] ?? null;
}
