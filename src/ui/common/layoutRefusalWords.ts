import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { LayoutRefusal } from '../../formats/layoutRefusal.ts';

/** Why a layout file was refused, in the page's language (`layoutFiles:refusal.<code>`, the core's values placed). */
export function layoutRefusalWords(t: TFunction<'layoutFiles'>, refusal: LayoutRefusal): string {
  return t(`refusal.${refusal.code}`, refusal.values);
}

/** `layoutRefusalWords` for a screen: the `layoutFiles` strings load with the screens that use this. */
export function useLayoutRefusalWords(): (refusal: LayoutRefusal) => string {
  const { t } = useTranslation('layoutFiles');
  return (refusal) => layoutRefusalWords(t, refusal);
}
