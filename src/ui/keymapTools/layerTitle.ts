import type { TFunction } from '../../i18n/useTranslation.ts';

/** A layer as every family's buttons, menus and overview name it: 'Layer 1: Lower', or 'Layer 1' unnamed. */
export function layerTitle(t: TFunction, n: number, name: string | undefined): string {
  return name ? t('layers:layerNamed', { n, name }) : t('shell:layerN', { n });
}
