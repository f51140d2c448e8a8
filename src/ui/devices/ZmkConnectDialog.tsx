import { useCallback } from 'react';
import { useTranslation } from '../../i18n/useTranslation.ts';
import type { ZmkConnectionKind } from '../../state/zmkKeyboards.ts';
import { useAppStores, useLazyStore } from '../AppContext.tsx';
import { Dialog } from '../common/Dialog.tsx';
import '../common/onDemandParts.css';

/**
 * 'Connect a ZMK keyboard': over USB serial (a port with ZMK's USB ids, or any port a board with other ids
 * uses) or Bluetooth (a keyboard offering ZMK Studio's service), each through the browser's own chooser; where
 * the browser cannot, it says why and what to do instead.
 */
export function ZmkConnectDialog() {
  const { t } = useTranslation('zmk');
  const { runtime } = useAppStores();
  const onClose = useCallback(
    () => void runtime.zmk.load().then((zmk) => zmk.getState().showConnect(false)),
    [runtime],
  );
  const busy = useLazyStore(runtime.zmk, (s) => s.connecting !== null, false);
  const problem = useLazyStore(runtime.zmk, (s) => s.problem?.problem ?? null, null);
  const serial = typeof navigator !== 'undefined' && 'serial' in navigator;
  const bluetooth = typeof navigator !== 'undefined' && 'bluetooth' in navigator;

  const connect = async (kind: ZmkConnectionKind, choice?: string) => {
    const zmk = await runtime.zmk.load();
    const before = zmk.getState().keyboards.length;
    await zmk.getState().connect(kind, choice);
    if (zmk.getState().keyboards.length > before) onClose();
  };

  return (
    <Dialog
      title={t('connect.title')}
      onClose={onClose}
      closeOnBackdrop
      busy={busy}
      actions={
        <button type="button" className="btn" onClick={onClose}>
          {t('close')}
        </button>
      }
    >
      <p className="row-hint">{t('connect.intro')}</p>
      <div className="row">
        <span className="row-label">{t('connect.usb')}</span>
        <span className="row-actions">
          <button
            type="button"
            className="btn btn-primary"
            disabled={!serial || busy}
            onClick={() => void connect('serial')}
          >
            {t('connect.usbZmk')}
          </button>
          <button
            type="button"
            className="btn"
            disabled={!serial || busy}
            onClick={() => void connect('serial', 'any')}
          >
            {t('connect.usbAny')}
          </button>
        </span>
        {!serial && <span className="row-hint">{t('problem.noWebSerial')}</span>}
      </div>
      <div className="row">
        <span className="row-label">{t('connect.bluetooth')}</span>
        <span className="row-actions">
          <button
            type="button"
            className="btn"
            disabled={!bluetooth || busy}
            onClick={() => void connect('bluetooth')}
          >
            {t('connect.bluetoothButton')}
          </button>
        </span>
        {!bluetooth && <span className="row-hint">{t('problem.noWebBluetooth')}</span>}
      </div>
      <p className="row-hint">{t('connect.noteOutput')}</p>
      {problem && (
        <p role="alert" className="form-error">
          {t(`problem.${problem}`)}
        </p>
      )}
    </Dialog>
  );
}
