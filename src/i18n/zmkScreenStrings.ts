import type { CompiledCatalog } from './catalogFormat.ts';

/**
 * The ZMK screen's English strings (`zmk`, `sheets`), the same chunks English's file map names
 * (localeFiles/en.ts). English is every language's fallback, so they are read whatever the language.
 */
const FILES = import.meta.glob<{ default: CompiledCatalog }>('./locales/en/{zmk,sheets}.json', {
  query: '?lingui',
});

/**
 * Fetches them with the ZMK screen's code (ui/configure/zmk/zmkRouteStart.ts): asked for through the language's
 * file map, they came a level later, once that map had arrived and been evaluated, and the ZMK demo's first
 * render waits for them (issue 43). Later reads find them in the module map.
 */
export function preloadZmkScreenStrings(): void {
  for (const load of Object.values(FILES))
    load().catch(() => undefined /* read again, and reported, later */);
}
