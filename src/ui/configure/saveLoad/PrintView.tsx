import { useEffect, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from '../../../i18n/useTranslation.ts';
import type { CanvasKey } from '../../common/canvasKey.ts';
import { KeyboardCanvas } from '../../canvas/KeyboardCanvas.tsx';
import { useModal } from '../../common/useModal.ts';
import './print.css';

/** The class on <body> while the print view is open: print media then shows only the sheets. */
const PRINTING = 'printing-keymap';
const EMPTY: ReadonlySet<number> = new Set();

/**
 * The print view's frame, for VIA/Vial and ZMK keymaps alike: a dialog the size of the window (the Dialog's
 * behaviour without its box: focus kept inside, Escape closes, focus goes back), Print and Close, the sheet's
 * title; the pages are the caller's.
 */
export function PrintView({
  title,
  onClose,
  children,
}: {
  title: string;
  onClose(): void;
  children: ReactNode;
}) {
  const { t } = useTranslation('sheets');
  const printButton = useRef<HTMLButtonElement>(null);
  const view = useRef<HTMLDivElement>(null);
  const keys = useModal(view, { onClose, initialFocus: printButton });
  useEffect(() => {
    document.body.classList.add(PRINTING);
    return () => document.body.classList.remove(PRINTING);
  }, []);

  return createPortal(
    <div
      className="print-view"
      role="dialog"
      aria-modal="true"
      aria-labelledby="print-title"
      ref={view}
      tabIndex={-1}
      {...keys}
      data-testid="print-view"
    >
      <div className="print-toolbar">
        <button ref={printButton} type="button" className="btn btn-primary" onClick={() => window.print()}>
          {t('print')}
        </button>
        <button type="button" className="btn" onClick={onClose}>
          {t('close')}
        </button>
      </div>
      <h1 id="print-title" className="print-title">
        {title}
      </h1>
      {children}
    </div>,
    document.body,
  );
}

/** One layer on a sheet: its number and name as the heading, its keys drawn read-only, then `children`. */
export function PrintLayer({
  layer,
  name,
  keys,
  children,
}: {
  layer: number;
  name: string | undefined;
  keys: readonly CanvasKey[];
  children?: ReactNode;
}) {
  const { t } = useTranslation('sheets');
  return (
    <section className="print-layer" aria-labelledby={`print-layer-${layer}`}>
      <h2 id={`print-layer-${layer}`}>
        {name ? t('layerHeadingNamed', { n: layer, name }) : t('layerHeading', { n: layer })}
      </h2>
      <KeyboardCanvas
        keys={keys}
        selected={EMPTY}
        readOnly
        testId={`print-layer-${layer}-canvas`}
        ariaLabel={t('layerHeading', { n: layer })}
      />
      {children}
    </section>
  );
}
