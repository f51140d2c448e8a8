import { useMemo } from 'react';
import { useTranslation } from '../../../i18n/useTranslation.ts';
import type { ZmkKeyboardState } from '../../../state/zmkKeyboardStore.ts';
import type { CanvasKey } from '../../common/canvasKey.ts';
import { PrintLayer, PrintView } from '../saveLoad/PrintView.tsx';

/**
 * "Print keymap" for a ZMK keyboard: every layer under its number and the keyboard's name for it, drawn on the
 * selected physical layout with legends as SVG text, a layer a page (the print view of the Save + Load pane).
 */
export function ZmkPrintKeymap({
  state,
  keysOf,
  onClose,
}: {
  state: Pick<ZmkKeyboardState, 'keymap' | 'info'>;
  /** A layer's keys as the screen draws them. */
  keysOf(layer: number): CanvasKey[];
  onClose(): void;
}) {
  const { t } = useTranslation('sheets');
  const layers = useMemo(
    () => (state.keymap?.layers ?? []).map((_, index) => keysOf(index)),
    [state.keymap, keysOf],
  );
  return (
    <PrintView title={t('printTitle', { name: state.info?.name ?? '' })} onClose={onClose}>
      {layers.map((keys, index) => (
        <div className="print-page" key={index} data-layers={1}>
          <PrintLayer layer={index} name={state.keymap!.layers[index]!.name} keys={keys} />
        </div>
      ))}
    </PrintView>
  );
}
