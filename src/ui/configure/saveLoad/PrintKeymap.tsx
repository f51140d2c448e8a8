import { useMemo } from 'react';
import { useTranslation } from '../../../i18n/useTranslation.ts';
import { definitionName } from '../../../definitions/definitionName.ts';
import { boundingBox, keyGeometry } from '../../../definitions/geometry.ts';
import { layersPerPage, paginate, printableLayers } from '../../../formats/keymapSheet.ts';
import { formatKeycode } from '../../../keycodes/index.ts';
import { keyFaceLabel } from '../../../keycodes/keyFaceLabel.ts';
import type { KeyboardState } from '../../../services/keyboardLoader.ts';
import { macroScripts } from '../../../services/layoutTransfer.ts';
import { useLayerNames } from '../../AppContext.tsx';
import { useHostLayout } from '../../legends/useHostLayout.ts';
import { keyboardKeys } from '../../canvas/useKeyboardKeys.ts';
import { PrintLayer, PrintView } from './PrintView.tsx';
import { onDemand } from '../../common/onDemand.tsx';

// A Keychron board's colour map, after its layers (its code and strings load only for such a board).
const KeychronColourSheet = onDemand(
  () => import('../keychron/KeychronColourSheet.tsx').then((m) => m.KeychronColourSheet),
  ['keychron'],
);

/**
 * "Print keymap": every layer that is not empty under its heading, legends as SVG text (so a saved PDF is
 * searchable), encoder and macro summaries, one or two layers a page by the keyboard's proportions. The browser
 * prints it (window.print); a print style shows only these sheets in a paper-friendly variant of the theme.
 */
export function PrintKeymap({ keyboard, onClose }: { keyboard: KeyboardState; onClose(): void }) {
  const { t } = useTranslation('sheets');
  const hostLayout = useHostLayout();
  const names = useLayerNames(keyboard.definition.vendorProductId);

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

  return (
    <PrintView title={t('printTitle', { name: definitionName(keyboard.definition) })} onClose={onClose}>
      {sheet.pages.length === 0 && <p>{t('allLayersEmpty')}</p>}
      {sheet.pages.map((layers, page) => (
        <div className="print-page" key={page} data-layers={layers.length}>
          {layers.map((layer) => {
            const encoders = keyboard.encoders[layer] ?? [];
            return (
              <PrintLayer
                key={layer}
                layer={layer}
                name={names[layer]}
                keys={sheet.drawn[layer]!.map((d) => d.canvas)}
              >
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
              </PrintLayer>
            );
          })}
        </div>
      ))}
      {keyboard.keychron?.features.rgb && sheet.drawn[0] && <KeychronColourSheet drawn={sheet.drawn[0]} />}
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
    </PrintView>
  );
}
