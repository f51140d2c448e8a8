import { useCallback, useId, useRef, useState } from 'react';
import { useTranslation } from '../../i18n/useTranslation.ts';
import { onDemand } from '../common/onDemand.tsx';
import type { LayerMenuProps } from './layerMenuProps.ts';

// The panel (its form, the layer operations and their strings) loads when the menu is first opened.
const LayerMenuPanel = onDemand(
  () => import('./LayerMenuPanel.tsx').then((m) => m.LayerMenuPanel),
  ['layerTools'],
);

/**
 * The layer selector's menu: name the selected layer, copy it onto another, swap it with another, clear it.
 * Each operation is one undo step, written as the fewest chunk writes (formats/layerOps.ts).
 */
export function LayerMenu({ layerCount, layer, vendorProductId }: LayerMenuProps) {
  const { t } = useTranslation('layers');
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  const close = useCallback((refocus: boolean) => {
    setOpen(false);
    if (refocus) button.current?.focus();
  }, []);
  return (
    <div className="layer-menu">
      <button
        ref={button}
        type="button"
        className="layer-menu-button"
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        aria-label={t('layerTools')}
        title={t('layerTools')}
        onClick={() => setOpen(!open)}
      >
        ⋯
      </button>
      {open && (
        <LayerMenuPanel
          id={panelId}
          layerCount={layerCount}
          layer={layer}
          vendorProductId={vendorProductId}
          anchor={button}
          onClose={close}
        />
      )}
    </div>
  );
}
