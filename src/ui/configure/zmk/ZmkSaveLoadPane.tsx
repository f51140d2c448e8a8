import { useStore } from 'zustand';
import type { StoreApi } from 'zustand/vanilla';
import type { ZmkKeyboardState } from '../../../state/zmkKeyboardStore.ts';
import type { CanvasKey } from '../../common/canvasKey.ts';
import { ZmkKeyboardFacts } from './ZmkKeyboardFacts.tsx';
import { KeymapSheets } from '../saveLoad/KeymapSheets.tsx';
import { LayerPictureRow } from '../saveLoad/LayerPicture.tsx';
import { ZmkKeymapFormats } from '../saveLoad/ZmkKeymapFormats.tsx';
import { ZmkKeymapImport } from '../saveLoad/ZmkKeymapImport.tsx';
import { ZmkPrintKeymap } from './ZmkPrintKeymap.tsx';
import '../paneControls.css';

/**
 * The Save + Load pane of a ZMK keyboard, row for row where a VIA board's has the same thing: the family's formats
 * out (`.keymap`, `.zmk.json`) and in (a `.keymap`), Print keymap and the shown layer's picture; then what is
 * ZMK's own (ZmkKeyboardFacts: the chip id, Reset settings).
 */
export function ZmkSaveLoadPane({
  store,
  keys,
  keysOf,
}: {
  store: StoreApi<ZmkKeyboardState>;
  /** The shown layer as drawn (its picture is made from it). */
  keys: readonly CanvasKey[];
  /** A layer's keys as drawn (the print view draws every layer). */
  keysOf(layer: number): CanvasKey[];
}) {
  const state = useStore(store);
  const name = state.info?.name ?? '';
  const layer = state.selectedLayer;
  return (
    <div className="pane card">
      <ZmkKeymapFormats state={state} />
      <ZmkKeymapImport state={state} onApply={(writes) => store.getState().loadBindings(writes)} />
      <KeymapSheets
        print={(onClose) => <ZmkPrintKeymap state={state} keysOf={keysOf} onClose={onClose} />}
        picture={
          <LayerPictureRow
            keyboardName={name}
            layer={layer}
            layerName={state.keymap?.layers[layer]?.name ?? ''}
            keys={keys}
            fallback="zmk"
          />
        }
      />
      <ZmkKeyboardFacts state={state} store={store} />
    </div>
  );
}
