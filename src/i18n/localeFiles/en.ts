import type { CompiledCatalog } from '../catalogFormat.ts';

/** English strings, one chunk per namespace; this map loads only when English is in use (i18n.ts). */
export const files = import.meta.glob<{ default: CompiledCatalog }>('../locales/en/*.json', {
  query: '?lingui',
});
