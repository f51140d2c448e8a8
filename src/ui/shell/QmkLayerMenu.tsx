import { useMemo } from 'react';
import type { LayerOperation } from '../../formats/layerOps.ts';
import { qmkLayerMenuModel } from '../../keymap/layerMenuModel.ts';
import { useAppStores, useCommands, useDevices, useLayerNames } from '../AppContext.tsx';
import { readableError } from '../common/errorText.ts';
import type { LayerMenuHandle } from '../keymapTools/LayerMenu.tsx';
import { LayerMenuPanel } from '../keymapTools/LayerMenuPanel.tsx';

const NO_LAYERS = { keymap: [], encoders: [] };

/** A VIA or Vial board's layers, as the layer menu gives them. */
export interface QmkLayerMenuProps extends LayerMenuHandle {
  layerCount: number;
  layer: number;
  vendorProductId: number;
}

/**
 * The layer menu's panel on a VIA or Vial board (every family's LayerMenuPanel over `qmkLayerMenuModel`): names
 * kept in the browser by board, each operation one undo step; a swap takes the two layers' names along.
 */
export function QmkLayerMenu({ layerCount, layer, vendorProductId, ...handle }: QmkLayerMenuProps) {
  const { commands, errors, layerNames } = useAppStores();
  const names = useLayerNames(vendorProductId);
  const keyboard = useDevices((s) => s.keyboard);
  const lastStep = useCommands((s) => s.undoStack.at(-1));
  const model = useMemo(
    () =>
      qmkLayerMenuModel(
        keyboard ?? NO_LAYERS,
        Array.from({ length: layerCount }, (_, l) => names[l] ?? ''),
      ),
    [keyboard, names, layerCount],
  );
  const run = async (operation: LayerOperation) => {
    const swapNames =
      operation.kind === 'swap'
        ? () => {
            const current = layerNames.getState().names(vendorProductId);
            const [a, b] = [current[operation.a] ?? '', current[operation.b] ?? ''];
            layerNames.getState().rename(vendorProductId, operation.a, b);
            layerNames.getState().rename(vendorProductId, operation.b, a);
          }
        : undefined;
    return commands.getState().runLayerOperation(operation, swapNames);
  };
  return (
    <LayerMenuPanel
      {...handle}
      layer={layer}
      model={model}
      rename={(name) => layerNames.getState().rename(vendorProductId, layer, name)}
      run={run}
      lastStep={lastStep}
      undo={() => commands.getState().undo()}
      onError={(e) => errors.getState().logAppError({ message: readableError(e) })}
    />
  );
}
