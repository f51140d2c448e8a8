import type { ReactNode } from 'react';
import { useTranslation } from '../../i18n/useTranslation.ts';

/**
 * Every family's layer buttons, numbered from 0 with the layers' names (a name the user or the keyboard gave),
 * then what follows them in the same group: the layer menu, the keymap tools' entry and bar, a family's own
 * choosers.
 */
export function LayerButtons({
  names,
  selected,
  onSelect,
  className,
  children,
}: {
  /** One per layer, in order; '' for a layer without a name. */
  names: readonly string[];
  selected: number;
  onSelect(layer: number): void;
  className?: string;
  children?: ReactNode;
}) {
  const { t } = useTranslation(['shell', 'layers']);
  return (
    <div
      className={className ? `layer-selector ${className}` : 'layer-selector'}
      role="group"
      aria-label={t('layer')}
    >
      <span aria-hidden>{t('layer')}</span>
      {names.map((name, layer) => (
        <button
          type="button"
          key={layer}
          aria-pressed={layer === selected}
          aria-label={name ? t('layers:layerNamed', { n: layer, name }) : t('layerN', { n: layer })}
          title={name || undefined}
          onClick={() => onSelect(layer)}
        >
          {layer}
          {name && <span className="layer-name"> {name}</span>}
        </button>
      ))}
      {children}
    </div>
  );
}
