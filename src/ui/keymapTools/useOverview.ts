import { useMemo } from 'react';
import { useTranslation } from '../../i18n/useTranslation.ts';
import type { KeymapToolsModel } from '../../keymap/keymapToolsModel.ts';
import type { LayerReach } from '../../keymap/layerReach.ts';
import type { CanvasKey } from '../common/canvasKey.ts';
import { layerTitle } from './layerTitle.ts';
import type { OverviewLayer } from './LayersOverview.tsx';

const CLOSED: OverviewLayer[] = [];

/**
 * Any family's layers for the All layers overview, drawn only while it is `open`: the ones its model shows
 * (`overviewLayers`), named, each with its keys as the family's keyboard draws them (`keysOf`, stable between
 * renders) and flagged when nothing reaches it.
 */
export function useOverview<B>(
  family: KeymapToolsModel<B>,
  reach: readonly LayerReach<B>[],
  open: boolean,
  names: readonly string[],
  keysOf: (layer: number) => CanvasKey[],
): OverviewLayer[] {
  const { t } = useTranslation(['layers', 'shell']);
  return useMemo(
    () =>
      open
        ? family.overviewLayers().map((layer) => ({
            layer,
            name: layerTitle(t, layer, names[layer]),
            keys: keysOf(layer),
            unreachable: !reach[layer]?.reachable,
          }))
        : CLOSED,
    [open, family, names, keysOf, reach, t],
  );
}
