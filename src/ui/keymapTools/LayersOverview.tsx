import { useState, type MouseEvent } from 'react';
import { useTranslation } from '../../i18n/useTranslation.ts';
import { KeyboardCanvas } from '../canvas/KeyboardCanvas.tsx';
import type { CanvasKey } from '../common/canvasKey.ts';

/** One small keyboard of the overview. */
export interface OverviewLayer {
  layer: number;
  /** What screen readers and the caption call it ('Layer 1: Lower'). */
  name: string;
  keys: CanvasKey[];
  /** Nothing reaches it: flagged beside its name. */
  unreachable: boolean;
}

export interface LayersOverviewProps {
  /** The layers to show: every layer that is not empty (the ones the print sheet prints). */
  layers: readonly OverviewLayer[];
  /** A key was chosen: select it (a drawn index) on that layer. */
  onChoose(layer: number, index: number): void;
  onClose(): void;
}

const NONE: ReadonlySet<number> = new Set();

/**
 * All layers at once, each as a small keyboard named by its layer, side by side. A click on a key, or Enter on
 * it (arrow keys move within a layer), selects that key on that layer. Any firmware's layers: the caller draws
 * them.
 */
export function LayersOverview({ layers, onChoose, onClose }: LayersOverviewProps) {
  const { t } = useTranslation('layerTools');
  const [focused, setFocused] = useState<{ layer: number; index: number } | null>(null);

  const clicked = (layer: number) => (e: MouseEvent<HTMLDivElement>) => {
    const key = (e.target as Element).closest<SVGGElement>('[data-key-index]');
    if (key) onChoose(layer, Number(key.dataset.keyIndex));
  };

  return (
    <section
      className="keymap-tools-panel keymap-tools-overview"
      aria-labelledby="keymap-tools-overview-title"
      data-testid="layers-overview"
      onKeyDown={(e) => e.key === 'Escape' && onClose()}
    >
      <div className="keymap-tools-overview-head">
        <h2 id="keymap-tools-overview-title">{t('overviewTitle')}</h2>
        <span className="row-hint">{t('overviewHint')}</span>
        <button type="button" className="btn" onClick={onClose}>
          {t('close')}
        </button>
      </div>
      {layers.length === 0 && <p>{t('allEmpty')}</p>}
      <div className="keymap-tools-overview-grid">
        {layers.map(({ layer, name, keys, unreachable }) => (
          <figure key={layer} className="keymap-tools-overview-layer">
            <figcaption>
              {name}
              {unreachable && <span className="keymap-tools-warning">{t('unreachableBadge')}</span>}
            </figcaption>
            <div onClick={clicked(layer)}>
              <KeyboardCanvas
                keys={keys}
                selected={focused?.layer === layer ? new Set([focused.index]) : NONE}
                onSelect={(index) => setFocused(index === null ? null : { layer, index })}
                onActivate={(index) => onChoose(layer, index)}
                ariaLabel={name}
                testId={`overview-layer-${layer}`}
              />
            </div>
          </figure>
        ))}
      </div>
    </section>
  );
}
