import { useDevices, useLayerNames } from '../AppContext.tsx';
import { onDemand } from '../common/onDemand.tsx';
import { useKeymapToolsEntry } from '../keymapTools/useKeymapToolsEntry.tsx';
import { LayerButtons } from '../keymapTools/LayerButtons.tsx';

// The panel (its form, the layer operations and their strings) loads when the menu is first opened.
const QmkLayerMenu = onDemand(() => import('./QmkLayerMenu.tsx').then((m) => m.QmkLayerMenu), ['layerTools']);

export interface LayerSelectorProps {
  layerCount: number;
  selectedLayer: number;
  onSelect(layer: number): void;
}

/**
 * A VIA/Vial board's layer row (with the names users gave the layers), top left of the keyboard area; the shell
 * draws it only for a keyboard with layers.
 */
export function LayerSelector({ layerCount, selectedLayer, onSelect }: LayerSelectorProps) {
  const vpid = useDevices((s) => s.keyboard?.definition.vendorProductId);
  const names = useLayerNames(vpid);
  const tools = useKeymapToolsEntry(selectedLayer);
  return (
    <LayerButtons
      names={Array.from({ length: layerCount }, (_, layer) => names[layer] ?? '')}
      selected={selectedLayer}
      onSelect={onSelect}
      menu={
        vpid === undefined
          ? undefined
          : (handle) => (
              <QmkLayerMenu
                {...handle}
                layerCount={layerCount}
                layer={selectedLayer}
                vendorProductId={vpid}
              />
            )
      }
      {...tools}
    />
  );
}
