import { useMemo } from 'react';
import { useTranslation } from '../../../i18n/useTranslation.ts';
import type { ZmkKeyboardState } from '../../../state/zmkKeyboardStore.ts';
import { useHostLayout } from '../../legends/useHostLayout.ts';
import { PrintLayer, PrintView } from '../saveLoad/PrintView.tsx';
import { zmkCanvasKeys } from './zmkKeys.ts';
import { useKeyNaming } from '../../canvas/keyNaming.ts';

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
  const naming = useKeyNaming();
  const layers = useMemo(
    () => (state.keymap?.layers ?? []).map((_, index) => zmkCanvasKeys(state, index, hostLayout, naming)),
    [state, hostLayout, naming],
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
