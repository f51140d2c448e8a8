import type { CompiledCatalog } from '../catalogFormat.ts';

/** Japanese strings, one chunk per namespace; this map loads only when Japanese is in use (i18n.ts). */
export const files = import.meta.glob<{ default: CompiledCatalog }>('../locales/ja/*.json', {
  query: '?lingui',
});
