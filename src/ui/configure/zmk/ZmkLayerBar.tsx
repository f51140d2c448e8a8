import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ZmkKeymapData, ZmkPhysicalLayouts } from '../../../zmk/ZmkKeymap.ts';

/**
 * Above the keyboard: the layers in their order, named as the keyboard names them (numbered by index), the layer
 * tools, and the physical layout chooser when the board has more than one.
 */
export function ZmkLayerBar({
  keymap,
  layouts,
  selected,
  busy,
  onSelect,
  onLayout,
  canSwitchLayout,
  tools,
  children,
}: {
  keymap: ZmkKeymapData;
  layouts: ZmkPhysicalLayouts;
  selected: number;
  busy: boolean;
  onSelect(index: number): void;
  onLayout(index: number): void;
  /** The firmware knows the layout switch (else the chooser is hidden). */
  canSwitchLayout: boolean;
  /** The layer tools' entry buttons, after the layers. */
  tools?: ReactNode;
  /** The layer tools' bar and panels, once loaded. */
  children?: ReactNode;
}) {
  const { t } = useTranslation(['zmk', 'shell']);
  const layoutId = useId();
  return (
    <div className="layer-selector zmk-layer-bar">
      <div role="group" aria-label={t('shell:layer')} className="zmk-layer-buttons">
        <span aria-hidden>{t('shell:layer')}</span>
        {keymap.layers.map((layer, index) => (
          <button
            type="button"
            key={layer.id}
            aria-pressed={index === selected}
            aria-label={t('layerButton', { n: index, name: layer.name || String(layer.id) })}
            onClick={() => onSelect(index)}
          >
            {index}
            {layer.name && <span className="layer-name">{layer.name}</span>}
          </button>
        ))}
      </div>
      {tools}
      {layouts.layouts.length > 1 && canSwitchLayout && (
        <span className="zmk-layout-choice">
          <label htmlFor={layoutId}>{t('physicalLayout')}</label>
          <select
            id={layoutId}
            className="select"
            value={layouts.activeIndex}
            disabled={busy}
            onChange={(e) => onLayout(Number(e.target.value))}
          >
            {layouts.layouts.map((layout, index) => (
              <option key={index} value={index}>
                {layout.name || t('layoutN', { n: index + 1 })}
              </option>
            ))}
          </select>
        </span>
      )}
      {children}
    </div>
  );
}
