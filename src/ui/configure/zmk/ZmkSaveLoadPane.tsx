import { useStore } from 'zustand';
import type { StoreApi } from 'zustand/vanilla';
import { useTranslation } from '../../../i18n/useTranslation.ts';
import { zmkSupports, type ZmkKeyboardState } from '../../../state/zmkKeyboardStore.ts';
import { serialNumberText } from '../../../zmk/deviceInfo.ts';
import type { CanvasKey } from '../../common/canvasKey.ts';
import { KeyboardFacts } from '../saveLoad/KeyboardFacts.tsx';
import { KeymapSheets } from '../saveLoad/KeymapSheets.tsx';
import { LayerPictureRow } from '../saveLoad/LayerPicture.tsx';
import { ZmkKeymapFormats } from '../saveLoad/ZmkKeymapFormats.tsx';
import { ZmkKeymapImport } from '../saveLoad/ZmkKeymapImport.tsx';
import { ZmkPrintKeymap } from './ZmkPrintKeymap.tsx';
import '../../common/onDemandParts.css';
import '../paneControls.css';

/**
 * The Save + Load pane of a ZMK keyboard, row for row where a VIA board's has the same thing: the family's formats
 * out (`.keymap`, `.zmk.json`) and in (a `.keymap`), Print keymap and the shown layer's picture; then the
 * keyboard's own rows (the shared KeyboardFacts in ZMK's words): the chip id it reports (its name and connection
 * are the frame's foot), and Reset settings, asked first: it deletes what was saved and brings back the keymap the
 * firmware was built with.
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
  const { t } = useTranslation(['zmk', 'sheets']);
  const state = useStore(store);
  const name = state.info?.name ?? '';
  const layer = state.selectedLayer;
  const serial = state.info?.serialNumber;
  return (
    <div className="pane card">
      <ZmkKeymapFormats state={state} />
      <ZmkKeymapImport state={state} onApply={(writes) => store.getState().loadBindings(writes)} />
      <KeymapSheets
        print={(onClose) => <ZmkPrintKeymap state={state} keysOf={keysOf} onClose={onClose} />}
        printHint={t('sheets:printKeymapHintEvery')}
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
      <KeyboardFacts
        facts={serial?.length ? [{ label: t('facts.serial'), value: serialNumberText(serial) }] : []}
        reset={
          zmkSupports(state, 'core.resetSettings')
            ? {
                label: t('reset.label'),
                button: t('reset.button'),
                question: {
                  title: t('reset.title', { name }),
                  description: <p>{t('reset.body')}</p>,
                  cancelLabel: t('cancel'),
                  confirmLabel: t('reset.button'),
                  confirmKind: 'danger',
                },
                disabled: state.busy,
                onReset: () =>
                  void store
                    .getState()
                    .resetSettings()
                    .catch(() => undefined),
              }
            : undefined
        }
      />
    </div>
  );
}
