import type { LayerOperation } from '../../formats/layerOps.ts';
import { assignedCount } from '../../formats/layerOps.ts';
import { useAppStores, useCommands, useDevices, useLayerNames } from '../AppContext.tsx';
import { readableError } from '../common/errorText.ts';
import type { LayerMenuHandle } from '../keymapTools/LayerMenu.tsx';
import { LayerMenuPanel } from '../keymapTools/LayerMenuPanel.tsx';
import type { MenuOperation } from '../keymapTools/LayerToolOutcome.tsx';

const KC_NO = 0x0000;
const KC_TRNS = 0x0001;

/** A VIA or Vial board's layers, as the layer menu gives them. */
export interface QmkLayerMenuProps extends LayerMenuHandle {
  layerCount: number;
  layer: number;
  vendorProductId: number;
}

/**
 * The layer menu's panel on a VIA or Vial board: names kept in the browser by board, each operation one undo
 * step written as the fewest chunk writes (formats/layerOps.ts); a swap takes the two layers' names along.
 */
export function QmkLayerMenu({ layerCount, layer, vendorProductId, ...handle }: QmkLayerMenuProps) {
  const { commands, errors, layerNames } = useAppStores();
  const names = useLayerNames(vendorProductId);
  const keyboard = useDevices((s) => s.keyboard);
  const lastStep = useCommands((s) => s.undoStack.at(-1));
  const run = async (menu: MenuOperation) => {
    const operation: LayerOperation =
      menu.kind === 'clear'
        ? { kind: 'clear', layer: menu.layer, code: menu.to === 'transparent' ? KC_TRNS : KC_NO }
        : menu;
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
      names={Array.from({ length: layerCount }, (_, l) => names[l] ?? '')}
      rename={(name) => layerNames.getState().rename(vendorProductId, layer, name)}
      clears={{ transparent: 'KC_TRNS', nothing: 'KC_NO' }}
      assigned={(l) => (keyboard ? assignedCount(keyboard, l) : 0)}
      run={run}
      lastStep={lastStep}
      undo={() => commands.getState().undo()}
      onError={(e) => errors.getState().logAppError({ message: readableError(e) })}
    />
  );
}
