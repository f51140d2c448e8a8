import type { CompiledCatalog } from '../catalogFormat.ts';

/** Korean strings, one chunk per namespace; this map loads only when Korean is in use (i18n.ts). */
export const files = import.meta.glob<{ default: CompiledCatalog }>('../locales/ko/*.json', {
  query: '?lingui',
});
