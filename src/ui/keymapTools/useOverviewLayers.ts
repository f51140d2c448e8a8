import { useMemo } from 'react';
import { useTranslation } from '../../i18n/useTranslation.ts';
import { printableLayers } from '../../formats/keymapSheet.ts';
import type { LayerReach } from '../../keymap/layerReach.ts';
import type { KeyboardState } from '../../services/keyboardLoader.ts';
import { useLayerNames } from '../AppContext.tsx';
import { keyboardKeys } from '../canvas/useKeyboardKeys.ts';
import { useKeyNaming } from '../canvas/keyNaming.ts';
import { useHostLayout } from '../legends/useHostLayout.ts';
import type { OverviewLayer } from './LayersOverview.tsx';

/** A VIA or Vial keyboard's layers for the All layers overview: the ones the print sheet prints, named. */
export function useOverviewLayers(
  keyboard: KeyboardState,
  reach: readonly LayerReach<number>[],
): OverviewLayer[] {
  const { t } = useTranslation(['layers', 'shell']);
  const hostLayout = useHostLayout();
  // Keys named and titled in the user's language, as on the keyboard above the overview.
  const naming = useKeyNaming();
  const names = useLayerNames(keyboard.definition.vendorProductId);
  return useMemo(() => {
    const drawn = keyboard.keymap.map((_, layer) =>
      keyboardKeys(keyboard, layer, hostLayout, undefined, naming),
    );
    const used = (drawn[0] ?? []).flatMap((d) => (d.matrixIndex >= 0 ? [d.matrixIndex] : []));
    return printableLayers(keyboard.keymap, keyboard.encoders, used).map((layer) => ({
      layer,
      name: names[layer]
        ? t('layers:layerNamed', { n: layer, name: names[layer] })
        : t('shell:layerN', { n: layer }),
      keys: drawn[layer]!.map((d) => d.canvas),
      unreachable: !reach[layer]?.reachable,
    }));
  }, [keyboard, hostLayout, names, reach, naming, t]);
}
