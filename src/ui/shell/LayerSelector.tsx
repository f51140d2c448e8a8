import { useTranslation } from 'react-i18next';

export interface LayerSelectorProps {
  layerCount: number;
  selectedLayer: number;
  onSelect(layer: number): void;
}

/** Layer buttons numbered from 0, top left of the keyboard area. */
export function LayerSelector({ layerCount, selectedLayer, onSelect }: LayerSelectorProps) {
  const { t } = useTranslation('shell');
  if (layerCount <= 0) return null;
  return (
    <div className="layer-selector" role="group" aria-label={t('layer')}>
      <span aria-hidden>{t('layer')}</span>
      {Array.from({ length: layerCount }, (_, layer) => (
        <button
          type="button"
          key={layer}
          aria-pressed={layer === selectedLayer}
          aria-label={t('layerN', { n: layer })}
          onClick={() => onSelect(layer)}
        >
          {layer}
        </button>
      ))}
    </div>
  );
}
