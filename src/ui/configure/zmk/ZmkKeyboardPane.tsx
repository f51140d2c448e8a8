import { useState } from 'react';
import { useTranslation } from '../../../i18n/useTranslation.ts';
import { useStore } from 'zustand';
import type { StoreApi } from 'zustand/vanilla';
import { zmkSupports, type ZmkKeyboardState } from '../../../state/zmkKeyboardStore.ts';
import { serialNumberText } from '../../../zmk/deviceInfo.ts';
import type { CanvasKey } from '../../common/canvasKey.ts';
import { ConfirmDialog } from '../../common/ConfirmDialog.tsx';
import { LayerPictureRow } from '../saveLoad/LayerPicture.tsx';
import { ZmkPrintKeymap } from './ZmkPrintKeymap.tsx';

/**
 * The keyboard itself: its name, chip id and connection; Print keymap and pictures of the shown layer; Reset
 * settings (asked first: it deletes what was saved and brings back the keymap the firmware was built with).
 */
export function ZmkKeyboardPane({
  store,
  keys,
}: {
  store: StoreApi<ZmkKeyboardState>;
  /** The shown layer as drawn (the pictures are made from it). */
  keys: readonly CanvasKey[];
}) {
  const { t } = useTranslation(['zmk', 'sheets']);
  const state = useStore(store);
  const [printing, setPrinting] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const name = state.info?.name ?? '';
  const layer = state.selectedLayer;

  return (
    <div className="pane zmk-keyboard-pane">
      <dl className="zmk-facts">
        <dt>{t('zmk:facts.name')}</dt>
        <dd>{name}</dd>
        {state.info && state.info.serialNumber.length > 0 && (
          <>
            <dt>{t('zmk:facts.serial')}</dt>
            <dd>
              <code>{serialNumberText(state.info.serialNumber)}</code>
            </dd>
          </>
        )}
        <dt>{t('zmk:facts.connection')}</dt>
        <dd>{state.label}</dd>
      </dl>
      <div className="row">
        <span className="row-label">{t('sheets:printKeymap')}</span>
        <span className="row-actions">
          <button type="button" className="btn" onClick={() => setPrinting(true)}>
            {t('sheets:printKeymap')}
          </button>
        </span>
      </div>
      <LayerPictureRow
        keyboardName={name}
        layer={layer}
        layerName={state.keymap?.layers[layer]?.name ?? ''}
        keys={keys}
        fallback="zmk"
      />
      {zmkSupports(state, 'core.resetSettings') && (
        <div className="row">
          <span className="row-label">{t('zmk:reset.label')}</span>
          <span className="row-actions">
            <button
              type="button"
              className="btn btn-danger"
              disabled={state.busy}
              onClick={() => setConfirming(true)}
            >
              {t('zmk:reset.button')}
            </button>
          </span>
        </div>
      )}
      {confirming && (
        <ConfirmDialog
          title={t('zmk:reset.title', { name })}
          description={<p>{t('zmk:reset.body')}</p>}
          cancelLabel={t('zmk:cancel')}
          confirmLabel={t('zmk:reset.button')}
          confirmKind="danger"
          onCancel={() => setConfirming(false)}
          onConfirm={() => {
            setConfirming(false);
            void store
              .getState()
              .resetSettings()
              .catch(() => undefined);
          }}
        />
      )}
      {printing && <ZmkPrintKeymap state={state} onClose={() => setPrinting(false)} />}
    </div>
  );
}
