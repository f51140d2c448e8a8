import { useCallback, useId, useRef, useState, type ReactNode, type RefObject } from 'react';
import { useTranslation } from '../../i18n/useTranslation.ts';

/** What the layer menu gives the panel it opens. */
export interface LayerMenuHandle {
  id: string;
  /** The menu's button: presses outside its layer selector close the panel. */
  anchor: RefObject<HTMLButtonElement | null>;
  /** Closes the panel; `refocus` gives the focus back to the menu's button (Escape, Close). */
  onClose(refocus: boolean): void;
}

/**
 * Every family's layer menu, after the layer buttons: name the selected layer, copy it onto another, swap it with
 * another, clear it. `panel` draws the family's panel (LayerMenuPanel over its keyboard, loaded when the menu is
 * first opened).
 */
export function LayerMenu({ panel }: { panel(handle: LayerMenuHandle): ReactNode }) {
  const { t } = useTranslation('layers');
  const [open, setOpen] = useState(false);
  const anchor = useRef<HTMLButtonElement>(null);
  const id = useId();
  const onClose = useCallback((refocus: boolean) => {
    setOpen(false);
    if (refocus) anchor.current?.focus();
  }, []);
  return (
    <div className="layer-menu">
      <button
        ref={anchor}
        type="button"
        className="layer-menu-button"
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={open ? id : undefined}
        aria-label={t('layerTools')}
        title={t('layerTools')}
        onClick={() => setOpen(!open)}
      >
        ⋯
      </button>
      {open && panel({ id, anchor, onClose })}
    </div>
  );
}
