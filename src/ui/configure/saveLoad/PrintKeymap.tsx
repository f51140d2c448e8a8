import { useEffect, useMemo, useRef } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { definitionName } from '../../../definitions/definitionName.ts';
import { boundingBox, keyGeometry } from '../../../definitions/geometry.ts';
import { layersPerPage, paginate, printableLayers } from '../../../formats/keymapSheet.ts';
import { formatKeycode } from '../../../keycodes/index.ts';
import { keyFaceLabel } from '../../../keycodes/keyFaceLabel.ts';
import type { KeyboardState } from '../../../services/keyboardLoader.ts';
import { macroScripts } from '../../../services/layoutTransfer.ts';
import { useLayerNames } from '../../AppContext.tsx';
import { KeyboardCanvas } from '../../canvas/KeyboardCanvas.tsx';
import { useModal } from '../../common/useModal.ts';
import { useHostLayout } from '../../legends/useHostLayout.ts';
import { keyboardKeys } from '../../canvas/useKeyboardKeys.ts';
import './print.css';

/** The class on <body> while the print view is open: print media then shows only the sheets. */
const PRINTING = 'printing-keymap';

/**
 * "Print keymap": every layer that is not empty under its heading, legends as SVG text (so a saved PDF is
 * searchable), encoder and macro summaries, one or two layers a page by the keyboard's proportions. The browser
 * prints it (window.print); a print style shows only these sheets in a paper-friendly variant of the theme.
 */
export function PrintKeymap({ keyboard, onClose }: { keyboard: KeyboardState; onClose(): void }) {
  const { t } = useTranslation('sheets');
  const hostLayout = useHostLayout();
  const names = useLayerNames(keyboard.definition.vendorProductId);
  const printButton = useRef<HTMLButtonElement>(null);

  const view = useRef<HTMLDivElement>(null);
  // A dialog the size of the window (the Dialog's behaviour without its box): its headings are the sheet's.
  const keys = useModal(view, { onClose, initialFocus: printButton });
  useEffect(() => {
    document.body.classList.add(PRINTING);
    return () => document.body.classList.remove(PRINTING);
  }, []);

  const sheet = useMemo(() => {
    const macros = macroScripts(keyboard);
    const drawn = keyboard.keymap.map((_, layer) => keyboardKeys(keyboard, layer, hostLayout, macros));
    const first = drawn[0] ?? [];
    const used = first.map((d) => d.matrixIndex).filter((i) => i >= 0);
    const layers = printableLayers(keyboard.keymap, keyboard.encoders, used);
    const box = boundingBox(first.filter((d) => !d.key.d).map((d) => keyGeometry(d.key)));
    return { macros, drawn, pages: paginate(layers, layersPerPage(box.w, box.h)) };
  }, [keyboard, hostLayout]);

  const legend = (code: number) => {
    const label = keyFaceLabel(code, keyboard.protocol, hostLayout, { macroExpressions: sheet.macros });
    return label.topLabel && label.bottomLabel ? `${label.topLabel} ${label.bottomLabel}` : label.label;
  };
  const encoderText = (code: number) => `${legend(code) || '—'} (${formatKeycode(code, keyboard.protocol)})`;

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
        {t('printTitle', { name: definitionName(keyboard.definition) })}
      </h1>
      {sheet.pages.length === 0 && <p>{t('allLayersEmpty')}</p>}
      {sheet.pages.map((layers, page) => (
        <div className="print-page" key={page} data-layers={layers.length}>
          {layers.map((layer) => {
            const name = names[layer];
            const encoders = keyboard.encoders[layer] ?? [];
            return (
              <section className="print-layer" key={layer} aria-labelledby={`print-layer-${layer}`}>
                <h2 id={`print-layer-${layer}`}>
                  {name ? t('layerHeadingNamed', { n: layer, name }) : t('layerHeading', { n: layer })}
                </h2>
                <KeyboardCanvas
                  keys={sheet.drawn[layer]!.map((d) => d.canvas)}
                  selected={EMPTY}
                  readOnly
                  testId={`print-layer-${layer}-canvas`}
                  ariaLabel={t('layerHeading', { n: layer })}
                />
                {encoders.length > 0 && (
                  <ul className="print-summary" aria-label={t('encoders')}>
                    {encoders.map(([cw, ccw], e) => (
                      <li key={e}>
                        <strong>{t('encoderN', { n: e })}</strong> {t('clockwise')}: {encoderText(cw)} ·{' '}
                        {t('counterClockwise')}: {encoderText(ccw)}
                      </li>
                    ))}
                  </ul>
                )}
              </section>
            );
          })}
        </div>
      ))}
      {sheet.macros.some((m) => m !== '') && (
        <section className="print-macros" aria-labelledby="print-macros">
          <h2 id="print-macros">{t('macros')}</h2>
          <dl>
            {sheet.macros.map((text, n) =>
              text === '' ? null : (
                <div key={n}>
                  <dt>M{n}</dt>
                  <dd>{text}</dd>
                </div>
              ),
            )}
          </dl>
        </section>
      )}
    </div>,
    document.body,
  );
}

const EMPTY: ReadonlySet<number> = new Set();
