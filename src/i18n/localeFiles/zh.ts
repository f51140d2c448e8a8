import type { CompiledCatalog } from '../catalogFormat.ts';

/** Chinese strings, one chunk per namespace; this map loads only when Chinese is in use (i18n.ts). */
export const files = import.meta.glob<{ default: CompiledCatalog }>('../locales/zh/*.json', {
  query: '?lingui',
});
