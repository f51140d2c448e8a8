import { useMemo, useState } from 'react';
import { useTranslation } from '../../i18n/useTranslation.ts';
import { formatIds } from '../../definitions/deviceIds.ts';
import { diagnose, type Finding } from '../../state/connectionDoctor.ts';
import { useAppStores, useDevices, useLazyStore } from '../AppContext.tsx';
import { BOOTLOADER_NAMES, flashTarget } from '../../bootloaders/flashTargets.ts';
import { Dialog } from '../common/Dialog.tsx';
import { FileButton } from '../common/FileButton.tsx';
import { isLinuxPlatform } from '../common/platform.ts';
import { UdevRuleBox } from './UdevRuleBox.tsx';
import { BootloaderUdevBox } from './BootloaderUdevBox.tsx';
import { ZmkConnectionNotes } from './ZmkConnectionNotes.tsx';
import { useDefinitionLoader } from './useDefinitionLoader.ts';
import '../common/onDemandParts.css';
import './connection.css';

/** The connection doctor: for the situation at hand, what is wrong and the next step. */
export function ConnectionDoctor({ webHid, onClose }: { webHid: boolean; onClose(): void }) {
  const { t } = useTranslation(['connection', 'zmk']);
  const { runtime } = useAppStores();
  const devices = useDevices((s) => s.devices);
  const problems = useDevices((s) => s.problems);
  const [checking, setChecking] = useState(false);
  // A flash set up for a bootloader (Configure → Firmware) adds its udev rule on Linux.
  const flashing = useLazyStore(runtime.qmkFlash, (s) => s.targetId, null);
  const findings = useMemo(
    () =>
      diagnose({
        webHid,
        linux: isLinuxPlatform(),
        devices,
        problems,
        flashing: flashing ? flashTarget(flashing) : null,
      }),
    [webHid, devices, problems, flashing],
  );

  const checkAgain = async () => {
    setChecking(true);
    try {
      await runtime.store.getState().refresh({ recheck: true });
    } finally {
      setChecking(false);
    }
  };

  return (
    <Dialog
      title={t('doctor.title')}
      className="doctor"
      onClose={onClose}
      closeOnBackdrop
      busy={checking}
      actions={
        <>
          <button type="button" className="btn" disabled={checking} onClick={() => void checkAgain()}>
            {t('doctor.checkAgain')}
          </button>
          <button type="button" className="btn" onClick={onClose}>
            {t('doctor.close')}
          </button>
        </>
      }
    >
      <p className="row-hint">{t('doctor.intro')}</p>
      <ul className="doctor-findings">
        {findings.map((f, i) => (
          <li key={`${f.kind}-${'device' in f ? f.device.path : i}`} data-finding={f.kind}>
            <FindingView finding={f} onClose={onClose} />
          </li>
        ))}
      </ul>
      <details className="doctor-zmk">
        <summary>{t('zmk:doctor.zmkTitle')}</summary>
        <ZmkConnectionNotes code="all" />
      </details>
    </Dialog>
  );
}

function FindingView({ finding, onClose }: { finding: Finding; onClose(): void }) {
  const { t } = useTranslation('connection');
  const { runtime } = useAppStores();
  const device = 'device' in finding ? finding.device : null;
  const params = device
    ? {
        name: device.productName,
        ids: formatIds(device.vendorId, device.productId),
        ...(finding.kind === 'noDefinition'
          ? { protocol: finding.device.protocol, version: finding.device.version }
          : {}),
        ...('detail' in finding && finding.detail ? { detail: finding.detail } : {}),
      }
    : finding.kind === 'bootloaderAccess'
      ? {
          bootloader: BOOTLOADER_NAMES[finding.bootloader.bootloader] ?? finding.bootloader.bootloader,
          ids: finding.bootloader.usb.map((id) => formatIds(id.vendorId, id.productId)).join(', '),
        }
      : {};
  return (
    <>
      <h3>{t(`doctor.${finding.kind}.title`, params)}</h3>
      <p>{t(`doctor.${finding.kind}.body`, params)}</p>
      {finding.kind === 'noneAuthorised' && (
        <>
          {runtime.provider.hasRealHid && (
            <button
              type="button"
              className="btn btn-primary"
              onClick={() => void runtime.store.getState().authorizeNew()}
            >
              {t('doctor.noneAuthorised.action')}
            </button>
          )}
          <p className="row-hint">{t('doctor.noneAuthorised.notListed')}</p>
        </>
      )}
      {finding.kind === 'noDefinition' && <LoadForDevice path={finding.device.path} onLoaded={onClose} />}
      {finding.kind === 'bootloaderAccess' && (
        <BootloaderUdevBox target={finding.bootloader} titled={false} />
      )}
      {'udev' in finding && finding.udev && (
        <UdevRuleBox ids={finding.udev} virtual={device?.virtual ?? false} />
      )}
    </>
  );
}

function LoadForDevice({ path, onLoaded }: { path: string; onLoaded(): void }) {
  const { t } = useTranslation('connection');
  const { load, busy, message } = useDefinitionLoader(path, onLoaded);
  return (
    <>
      <FileButton
        label={t('doctor.noDefinition.action')}
        accept="application/json,.json"
        disabled={busy}
        onFiles={([file]) => file && void load(file)}
      />
      {message && (
        <p role={message.kind === 'error' ? 'alert' : 'status'} className={`message message-${message.kind}`}>
          {message.text}
        </p>
      )}
    </>
  );
}
