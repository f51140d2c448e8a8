import { useDevices, useLayerNames } from '../AppContext.tsx';
import { LayerMenu } from './LayerMenu.tsx';
import { KeymapToolsEntry } from '../keymapTools/KeymapToolsEntry.tsx';
import { LayerButtons } from '../keymapTools/LayerButtons.tsx';

export interface LayerSelectorProps {
  layerCount: number;
  selectedLayer: number;
  onSelect(layer: number): void;
}

/** A VIA/Vial board's layer buttons (with the names users gave them), top left of the keyboard area; layer tools. */
export function LayerSelector({ layerCount, selectedLayer, onSelect }: LayerSelectorProps) {
  const vpid = useDevices((s) => s.keyboard?.definition.vendorProductId);
  const names = useLayerNames(vpid);
  if (layerCount <= 0) return null;
  return (
    <LayerButtons
      names={Array.from({ length: layerCount }, (_, layer) => names[layer] ?? '')}
      selected={selectedLayer}
      onSelect={onSelect}
    >
      {vpid !== undefined && (
        <LayerMenu layerCount={layerCount} layer={selectedLayer} vendorProductId={vpid} />
      )}
      <KeymapToolsEntry layer={selectedLayer} />
    </LayerButtons>
  );
}
