import { allLegends } from '../keycodes/legendTable.ts';
import type { Language } from '../state/settingsStore.ts';
import type { CompiledCatalog } from './catalogFormat.ts';
import { localeFile } from './localeFiles/localeFiles.ts';
import { createStrings, type Strings } from './strings.ts';

import enCommon from './locales/en/common.json?lingui';
import enShell from './locales/en/shell.json?lingui';
import enKeycodes from './locales/en/keycodes.json?lingui';
import enConfigure from './locales/en/configure.json?lingui';
import enLayers from './locales/en/layers.json?lingui';

/**
 * What the first screen renders: the shell and top bar, the device selector and its notices, Configure with the
 * keymap pane and the layer tools. Loaded before the first render.
 */
export const FIRST_SCREEN_NAMESPACES = ['common', 'shell', 'keycodes', 'configure', 'layers'] as const;

/**
 * Everything else: each loads with the code that shows it (`withStrings`, used by `onDemand` and the screens).
 * `panes` holds the Configure panes' strings, `connection` the connection doctor and the missing-definition
 * screen, `devices` the 'Try a virtual keyboard' dialog, `layerTools` the layer tools' panel and the keymap tools (All layers, Find, select by pressing), `sheets` printing, pictures and the load preview, `refusals` why a file, link or macro was refused (lib/refusal.ts).
 */
export const ON_DEMAND_NAMESPACES = [
  'panes',
  'connection',
  'devices',
  'sheets',
  'feedback',
  'settings',
  'errors',
  'safety',
  'layoutFiles',
  'vendor',
  'hardware',
  'vial',
  'unlock',
  'gates',
  'tester',
  'debug',
  'design',
  'boardBuild',
  'layerTools',
  'convert',
  'zmk',
  'flash',
  'refusals',
  'keychron',
] as const;

export type FirstScreenNamespace = (typeof FIRST_SCREEN_NAMESPACES)[number];
export type OnDemandNamespace = (typeof ON_DEMAND_NAMESPACES)[number];

/**
 * The first screen's English strings ship with the app: English is every language's fallback, so they are
 * fetched whatever the language, and inside the app's chunk they compress with it instead of as separate files.
 * English strings of everything else are separate chunks like the other languages'.
 */
const FIRST_SCREEN_ENGLISH: Record<string, CompiledCatalog | undefined> = {
  common: enCommon,
  shell: enShell,
  keycodes: enKeycodes,
  configure: enConfigure,
  layers: enLayers,
} satisfies Record<FirstScreenNamespace, CompiledCatalog>;

/** One namespace in one language, compiled at build time (scripts/linguiCatalogPlugin.ts). */
async function readCatalog(language: string, namespace: string): Promise<CompiledCatalog> {
  const bundled = language === 'en' ? FIRST_SCREEN_ENGLISH[namespace] : undefined;
  if (bundled) return bundled;
  // Each <lng>/<namespace>.json is its own chunk, so only the language and screens in use are downloaded.
  const load = await localeFile(language, namespace);
  return load ? (await load()).default : {};
}

/** The app's strings: one instance, as i18next's was (useTranslation.ts reads it). */
export const strings: Strings = createStrings(readCatalog);

/** Shows `language`; resolves once the first screen's namespaces are loaded in it (and in English). */
export async function initI18n(language: Language): Promise<Strings> {
  await strings.load(FIRST_SCREEN_NAMESPACES);
  await strings.changeLanguage(language);
  return strings;
}

/**
 * Loads namespaces in the active language and English (the fallback). They are remembered, so a later
 * language change loads them in the new language before it shows it.
 */
export function loadStrings(namespaces: readonly OnDemandNamespace[]): Promise<void> {
  return namespaces.length ? strings.load(namespaces) : Promise.resolve();
}
/**
 * Code that shows on-demand strings, resolved only once the code, its strings and every keycode legend row are
 * here: the one await before an on-demand pane, dialog or screen renders, so it never shows a raw key and the
 * three load side by side.
 */
export async function withStrings<T>(code: Promise<T>, namespaces: readonly OnDemandNamespace[]): Promise<T> {
  const [loaded] = await Promise.all([
    code,
    loadStrings(namespaces),
    // Every legend row too: panes, dialogs and screens may show any keycode (offline and not yet cached:
    // keys keep QMK's own labels).
    allLegends.load().catch(() => undefined),
  ]);
  return loaded;
}
