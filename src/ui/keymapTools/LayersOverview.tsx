import { useMemo, useState, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { printableLayers } from '../../formats/keymapSheet.ts';
import type { LayerReach } from '../../keymap/layerReach.ts';
import type { KeyboardState } from '../../services/keyboardLoader.ts';
import { useLayerNames } from '../AppContext.tsx';
import { KeyboardCanvas } from '../canvas/KeyboardCanvas.tsx';
import { keyboardKeys } from '../canvas/useKeyboardKeys.ts';
import { useHostLayout } from '../legends/useHostLayout.ts';

export interface LayersOverviewProps {
  keyboard: KeyboardState;
  reach: readonly LayerReach<number>[];
  /** A key was chosen: select it (a drawn index) on that layer. */
  onChoose(layer: number, index: number): void;
  onClose(): void;
}

const NONE: ReadonlySet<number> = new Set();

/**
 * All layers at once: every layer that is not empty (the layers the print sheet prints) as a small keyboard named
 * by its layer, side by side. A click on a key, or Enter on it (arrow keys move within a layer), selects that key
 * on that layer.
 */
export function LayersOverview({ keyboard, reach, onChoose, onClose }: LayersOverviewProps) {
  const { t } = useTranslation(['layerTools', 'layers', 'shell']);
  const hostLayout = useHostLayout();
  const names = useLayerNames(keyboard.definition.vendorProductId);
  const [focused, setFocused] = useState<{ layer: number; index: number } | null>(null);
  const layers = useMemo(() => {
    const drawn = keyboard.keymap.map((_, layer) => keyboardKeys(keyboard, layer, hostLayout));
    const used = (drawn[0] ?? []).flatMap((d) => (d.matrixIndex >= 0 ? [d.matrixIndex] : []));
    return printableLayers(keyboard.keymap, keyboard.encoders, used).map((layer) => ({
      layer,
      keys: drawn[layer]!.map((d) => d.canvas),
    }));
  }, [keyboard, hostLayout]);

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
        {layers.map(({ layer, keys }) => {
          const name = names[layer]
            ? t('layers:layerNamed', { n: layer, name: names[layer] })
            : t('shell:layerN', { n: layer });
          return (
            <figure key={layer} className="keymap-tools-overview-layer">
              <figcaption>
                {name}
                {!reach[layer]?.reachable && (
                  <span className="keymap-tools-warning">{t('unreachableBadge')}</span>
                )}
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
          );
        })}
      </div>
    </section>
  );
}
