import { useTranslation } from '../../i18n/useTranslation.ts';
import { useDevices, useLayerNames } from '../AppContext.tsx';
import { LayerMenu } from './LayerMenu.tsx';
import { KeymapToolsEntry } from '../keymapTools/KeymapToolsEntry.tsx';

export interface LayerSelectorProps {
  layerCount: number;
  selectedLayer: number;
  onSelect(layer: number): void;
}

/** Layer buttons numbered from 0 (with the names users gave them), top left of the keyboard area; layer tools. */
export function LayerSelector({ layerCount, selectedLayer, onSelect }: LayerSelectorProps) {
  const { t } = useTranslation(['shell', 'layers']);
  const vpid = useDevices((s) => s.keyboard?.definition.vendorProductId);
  const names = useLayerNames(vpid);
  if (layerCount <= 0) return null;
  return (
    <div className="layer-selector" role="group" aria-label={t('layer')}>
      <span aria-hidden>{t('layer')}</span>
      {Array.from({ length: layerCount }, (_, layer) => {
        const name = names[layer];
        return (
          <button
            type="button"
            key={layer}
            aria-pressed={layer === selectedLayer}
            aria-label={name ? t('layers:layerNamed', { n: layer, name }) : t('layerN', { n: layer })}
            title={name || undefined}
            onClick={() => onSelect(layer)}
          >
            {layer}
            {name && <span className="layer-name">{name}</span>}
          </button>
        );
      })}
      {vpid !== undefined && (
        <LayerMenu layerCount={layerCount} layer={selectedLayer} vendorProductId={vpid} />
      )}
      <KeymapToolsEntry layer={selectedLayer} />
    </div>
  );
}
