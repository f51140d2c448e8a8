import { useEffect, useMemo, useRef } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import type { ZmkKeyboardState } from '../../../state/zmkKeyboardStore.ts';
import { KeyboardCanvas } from '../../canvas/KeyboardCanvas.tsx';
import { useHostLayout } from '../../legends/useHostLayout.ts';
import { zmkCanvasKeys } from './zmkKeys.ts';
import '../saveLoad/print.css';

const PRINTING = 'printing-keymap';
const EMPTY: ReadonlySet<number> = new Set();

/**
 * "Print keymap" for a ZMK keyboard: every layer under its number and the keyboard's name for it, drawn on the
 * selected physical layout with legends as SVG text, a layer a page (the print view of the Save + Load pane).
 */
export function ZmkPrintKeymap({
  state,
  onClose,
}: {
  state: Pick<ZmkKeyboardState, 'keymap' | 'layouts' | 'behaviors' | 'info'>;
  onClose(): void;
}) {
  const { t } = useTranslation('sheets');
  const hostLayout = useHostLayout();
  const printButton = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    const opener = document.activeElement as HTMLElement | null;
    document.body.classList.add(PRINTING);
    printButton.current?.focus();
    return () => {
      document.body.classList.remove(PRINTING);
      opener?.focus?.();
    };
  }, []);
  const layers = useMemo(
    () => (state.keymap?.layers ?? []).map((_, index) => zmkCanvasKeys(state, index, hostLayout)),
    [state, hostLayout],
  );
  return createPortal(
    <div
      className="print-view"
      role="dialog"
      aria-modal="true"
      aria-labelledby="print-title"
      onKeyDown={(e) => e.key === 'Escape' && onClose()}
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
        {t('printTitle', { name: state.info?.name ?? '' })}
      </h1>
      {layers.map((keys, index) => {
        const name = state.keymap!.layers[index]!.name;
        return (
          <div className="print-page" key={index} data-layers={1}>
            <section className="print-layer" aria-labelledby={`print-layer-${index}`}>
              <h2 id={`print-layer-${index}`}>
                {name ? t('layerHeadingNamed', { n: index, name }) : t('layerHeading', { n: index })}
              </h2>
              <KeyboardCanvas
                keys={keys}
                selected={EMPTY}
                readOnly
                testId={`print-layer-${index}-canvas`}
                ariaLabel={t('layerHeading', { n: index })}
              />
            </section>
          </div>
        );
      })}
    </div>,
    document.body,
  );
}
