import { use, useEffect } from 'react';
import { useTranslation } from '../../i18n/useTranslation.ts';
import { useStore } from 'zustand';
import { useAppStores, useDevices } from '../AppContext.tsx';
import { Dialog } from '../common/Dialog.tsx';
import { isMacPlatform } from '../common/platform.ts';
import type { FirmwareOptions } from '../../state/firmwareOptions.ts';
import { FirmwarePane } from './lazyPanes.ts';
import { flowKey, flowOf } from '../../state/firmwareFlowStore.ts';

/** The modal closes this long after a completed update (extended.md §4). */
export const CLOSE_AFTER_UPDATE_MS = 1000;

const hex4 = (n: number) => n.toString(16).padStart(4, '0').toUpperCase();

/** The firmware modal's dialog, shown while firmware options are set (FirmwareModal). */
export function FirmwareModalDialog({ options }: { options: FirmwareOptions }) {
  const { t } = useTranslation('hardware');
  const { runtime } = useAppStores();
  const firmwareFlows = use(runtime.firmwareFlows.load());
  const firmwareOptions = use(runtime.firmwareOptions.load());
  const device = useDevices((s) => s.devices.find((d) => d.path === s.selectedPath) ?? null);
  const vendorConfig = useDevices((s) => s.vendorConfig);
  const phase = useDevices((s) => s.phase);
  // The update is done once its flow succeeded (after the keyboard restarted); PLC files lead to master.
  const key = device ? flowKey(device) : null;
  const outcome = useStore(firmwareFlows, (s) => flowOf(s, key).outcome);
  const state = outcome?.kind === 'success' && outcome.group !== 'plc' ? 'completed' : null;
  const close = () => firmwareOptions.getState().set(null);

  useEffect(() => {
    if (state !== 'completed') return;
    const timer = setTimeout(() => firmwareOptions.getState().set(null), CLOSE_AFTER_UPDATE_MS);
    return () => clearTimeout(timer);
  }, [options, state, firmwareOptions]);

  const ids = `${hex4(options.vendorId)}:${hex4(options.productId)}`;
  const matches = device?.vendorId === options.vendorId && device.productId === options.productId;
  return (
    <Dialog
      title={t('firmware.modalTitle', { name: matches ? device.productName : ids })}
      className="firmware-modal"
      onClose={close}
      headerActions={
        <button type="button" className="btn btn-sm" onClick={close}>
          {t('firmware.close')}
        </button>
      }
    >
      {matches && phase === 'ready' ? (
        <FirmwarePane
          entry={vendorConfig?.firmware}
          macIssue={vendorConfig?.cdcMacIssue === true && isMacPlatform()}
        />
      ) : (
        <p className="row-hint">{t('firmware.connect', { ids })}</p>
      )}
    </Dialog>
  );
}
