import type { ReactNode } from 'react';
import { useTranslation } from '../../i18n/useTranslation.ts';
import { LayerMenu, type LayerMenuHandle } from './LayerMenu.tsx';
import { layerTitle } from './layerTitle.ts';
import { KeymapToolsButtons, type KeymapTool } from './KeymapToolsButtons.tsx';

export interface LayerButtonsProps {
  /** One per layer, in order; '' for a layer without a name. */
  names: readonly string[];
  selected: number;
  onSelect(layer: number): void;
  className?: string;
  /** The family's layer menu panel (LayerMenuPanel over its layer operations); none: no menu. */
  menu?: ((handle: LayerMenuHandle) => ReactNode) | undefined;
  /** The keymap tools that are on, and turning one on or off (the family's tools store). */
  on(tool: KeymapTool): boolean;
  onToggle(tool: KeymapTool): void;
  /** The keymap tools' bar, once in use. */
  children?: ReactNode;
}

/**
 * Every family's layer row (a VIA or Vial board's in the shell, a ZMK keyboard's on its screen): the layer
 * buttons, numbered from 0 with the layers' names (a name the user or the keyboard gave), the layer menu, the
 * keymap tools' entry buttons, then their bar.
 */
export function LayerButtons({
  names,
  selected,
  onSelect,
  className,
  menu,
  on,
  onToggle,
  children,
}: LayerButtonsProps) {
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
          aria-label={layerTitle(t, layer, name)}
          title={name || undefined}
          onClick={() => onSelect(layer)}
        >
          {layer}
          {name && <span className="layer-name"> {name}</span>}
        </button>
      ))}
      {menu && <LayerMenu panel={menu} />}
      <KeymapToolsButtons on={on} onToggle={onToggle} />
      {children}
    </div>
  );
}
