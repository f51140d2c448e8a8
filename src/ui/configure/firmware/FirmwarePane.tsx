import { use, useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../../i18n/useTranslation.ts';
import { onDemand } from '../../common/onDemand.tsx';
import { useStore } from 'zustand';
import { ConfirmDialog } from '../../common/ConfirmDialog.tsx';
import { PaneTabs } from '../../common/PaneTabs.tsx';
import { Message } from '../../common/Message.tsx';
import { LocalFlash } from './LocalFlash.tsx';
import { FirmwareFlowStatus } from './FirmwareFlowStatus.tsx';
import {
  encodeVersion,
  firmwareConfig,
  formatVersion,
  type FirmwareConfig,
} from '../../../formats/firmwareConfig.ts';
import { macFirmwareBlocked, needsUpdate, planUpdate } from '../../../services/firmwareUpdate.ts';
import { flowKey, flowOf } from '../../../state/firmwareFlowStore.ts';
import { bootImageProblem, KEYBOARD_IMAGE_FAMILIES } from '../../../bootloaders/bootTargets.ts';
import { useAppStores, useDevices } from '../../AppContext.tsx';
import { OfflineNotice } from '../../offline/OfflineNotice.tsx';
import { useOnline } from '../../offline/useOnline.ts';
import { vendorCommandsOf } from '../../../services/vendorCommandsOf.ts';
import '../../common/onDemandParts.css';

export interface FirmwarePaneProps {
  config: FirmwareConfig | null;
  /** macOS with the vendor's serial-driver issue (vendor config cdcMacIssue). */
  macIssue: boolean;
}

interface Versions {
  main: number | null;
  parts: number[];
}

const PART_NAMES = ['host', 'left', 'right'] as const;

/**
 * Firmware (extended.md §2): the running version (and each part's on split or PLC boards), online upgrade from
 * the vendor config's files, or a local .uf2 file; both flash over the keyboard's serial port with progress.
 * The update itself (files, files done, step, outcome) lives in the firmware-flow store by keyboard ids, so it
 * carries on across the restarts the keyboard makes after each file (issue #13.2).
 */
export function FirmwarePane({ config, macIssue }: FirmwarePaneProps) {
  const { t } = useTranslation('hardware');
  const { runtime } = useAppStores();
  const firmwareFlows = use(runtime.firmwareFlows.load());
  const transfers = use(runtime.transfers.load());
  const commands = useDevices((s) => s.commands());
  const device = useDevices((s) => s.devices.find((d) => d.path === s.selectedPath) ?? null);
  const key = device ? flowKey(device) : null;
  const flow = useStore(firmwareFlows, (s) => flowOf(s, key));
  const saving = useStore(transfers, (s) => s.transfers.firmware.state === 'saving');
  const [versions, setVersions] = useState<Versions | null>(null);
  const files = config?.files ?? [];
  const mode = flow.tab ?? (files.length > 0 ? 'online' : 'local');
  const setMode = (tab: 'online' | 'local') => key && firmwareFlows.getState().patch(key, { tab });
  const networkUp = useOnline();
  const abort = useRef<AbortController | null>(null);
  // A flash is asked first (what goes onto which keyboard, and not to unplug it): the answer starts it.
  const [asking, setAsking] = useState<{ action: string; what: string; start(): void } | null>(null);
  const keyboardName = device?.productName ?? '';

  useEffect(() => {
    if (!commands) return;
    let live = true;
    (async () => {
      const main = await commands.firmwareVersion().catch(() => null);
      const parts = await vendorCommandsOf(commands)
        .firmwareParts()
        .catch(() => []);
      if (live) setVersions({ main, parts });
    })();
    return () => {
      live = false;
    };
  }, [commands]);
  // Leaving the pane stops a download; a running flash goes on (its state is in the store).
  useEffect(() => () => abort.current?.abort(), []);

  const configured = config ? encodeVersion(config.version) : 0;
  const updateAvailable = needsUpdate(versions?.main ?? null, configured);
  const blocked = device !== null && macFirmwareBlocked(macIssue, device, versions?.main ?? null);
  const busy = saving || flow.stage !== null;

  /** A new choice (tab, file): the last operation's outcome no longer applies. */
  const clearOutcome = () => {
    if (key) firmwareFlows.getState().clearOutcome(key);
    if (!saving) transfers.getState().reset('firmware');
  };

  const check = () => {
    if (!key || !config) return;
    abort.current = new AbortController();
    void runtime.firmwareFlow.check(key, config, versions?.main ?? null, abort.current.signal);
  };
  const setOnline = (online: 'idle') => key && firmwareFlows.getState().patch(key, { online });

  const plan = flow.online === 'ready' ? planUpdate(flow.files.map((f) => f.url)) : null;
  const askRun = (action: string, group: 'plc' | 'master' | 'normal') =>
    setAsking({
      action,
      what: t('firmware.askVersion', { name: keyboardName, version: config!.version }),
      start: () => key && void runtime.firmwareFlow.run(key, group),
    });
  const plcDone = plan !== null && plan.plc.every((u) => flow.done.includes(u));

  return (
    <section className="pane card firmware-pane" aria-label={t('firmware.title')}>
      <div className="firmware-version">
        <span className="row-hint">{t('firmware.current')}</span>
        <strong data-testid="firmware-version">
          {versions === null
            ? '…'
            : versions.main === null
              ? t('firmware.unknown')
              : formatVersion(versions.main)}
        </strong>
        {versions && versions.parts.length > 0 && (
          <span className="firmware-parts" data-testid="firmware-parts">
            {versions.parts.length === 1
              ? `PLC ${formatVersion(versions.parts[0]!)}`
              : versions.parts
                  .slice(0, 3)
                  .map((v, i) => `${t(`firmware.part.${PART_NAMES[i]!}`)} ${formatVersion(v)}`)
                  .join(' · ')}
          </span>
        )}
        {updateAvailable && (
          <span className="firmware-badge">{t('firmware.updateBadge', { version: config!.version })}</span>
        )}
      </div>

      {blocked ? (
        <Message kind="error">{t('FIRMWARE_MAC_NOTSUPPORT')}</Message>
      ) : (
        <>
          {files.length > 0 && (
            <PaneTabs<'online' | 'local'>
              label={t('firmware.title')}
              tabs={(['online', 'local'] as const).map((id) => ({ id, label: t(`firmware.${id}`) }))}
              current={mode}
              disabled={busy}
              onChange={(next) => {
                clearOutcome();
                setMode(next);
              }}
            />
          )}

          {mode === 'online' && files.length > 0 ? (
            <div className="firmware-section">
              <button
                type="button"
                className="btn"
                disabled={busy || flow.online === 'downloading' || !networkUp}
                onClick={check}
              >
                {t('firmware.check')}
                {updateAvailable && <span className="dot" aria-label={t('firmware.updateNeeded')} />}
              </button>
              <OfflineNotice action="firmware" />
              {flow.online === 'downloading' && <Message kind="info">{t('firmware.loading')}</Message>}
              {flow.online === 'latest' && (
                <div role="status" className="firmware-note">
                  <p>{t('firmware.latest')}</p>
                  <button type="button" className="btn" onClick={() => setOnline('idle')}>
                    {t('firmware.confirm')}
                  </button>
                </div>
              )}
              {flow.online === 'downloadFailed' && (
                <div role="alert" className="firmware-note">
                  <p className="message-error">{t('firmware.downloadFailed')}</p>
                  <button type="button" className="btn" onClick={() => setOnline('idle')}>
                    {t('firmware.cancel')}
                  </button>
                </div>
              )}
              {flow.online === 'ready' && plan && key && (
                <div className="firmware-actions">
                  {config?.changeLog && (
                    <ul className="firmware-changelog" aria-label={t('firmware.changeLog')}>
                      {[config.changeLog].flat().map((line) => (
                        <li key={line}>{line}</li>
                      ))}
                    </ul>
                  )}
                  {plan.plc.length > 0 && (
                    <button
                      type="button"
                      className="btn btn-primary"
                      disabled={busy || !commands || plcDone}
                      onClick={() => askRun(t('firmware.updatePlc'), 'plc')}
                    >
                      {t('firmware.updatePlc')}
                    </button>
                  )}
                  {plan.master.length > 0 && (
                    <button
                      type="button"
                      className="btn btn-primary"
                      disabled={busy || (plan.plc.length > 0 && !plcDone)}
                      onClick={() => askRun(t('firmware.updateMaster'), 'master')}
                    >
                      {t('firmware.updateMaster')}
                    </button>
                  )}
                  {plan.normal.length > 0 && (
                    <button
                      type="button"
                      className="btn btn-primary"
                      disabled={busy}
                      onClick={() => askRun(t('firmware.update', { version: config!.version }), 'normal')}
                    >
                      {t('firmware.update', { version: config!.version })}
                    </button>
                  )}
                </div>
              )}
            </div>
          ) : (
            <LocalFlash
              busy={busy}
              check={(image) => {
                // Only an image built for the keyboard's own chip, as the boot screens check the receivers'.
                const problem = bootImageProblem(image, KEYBOARD_IMAGE_FAMILIES);
                if (!problem) return null;
                const values = { name: keyboardName, expected: problem.expected };
                return problem.kind === 'noFamily'
                  ? t('firmware.noFamily', values)
                  : t('firmware.otherChip', { ...values, chip: problem.chip });
              }}
              onChosen={clearOutcome}
              onFlash={(file) =>
                setAsking({
                  action: t('firmware.flash'),
                  what: t('firmware.askFile', { name: keyboardName, file: file.name }),
                  start: () => key && void runtime.firmwareFlow.flashLocal(key, file),
                })
              }
            />
          )}
          <FirmwareFlowStatus flow={flow} />
        </>
      )}
      {asking && (
        <ConfirmDialog
          title={t('firmware.askTitle', { name: keyboardName })}
          description={
            <>
              <p>{asking.what}</p>
              <p>{t('firmware.warning')}</p>
            </>
          }
          cancelLabel={t('firmware.cancel')}
          confirmLabel={asking.action}
          onCancel={() => setAsking(null)}
          onConfirm={() => {
            setAsking(null);
            asking.start();
          }}
        />
      )}
    </section>
  );
}

// A QMK keyboard without the vendor's firmware entry flashes through its bootloader (docs/flashing.md).
const QmkFirmwarePane = onDemand(
  () => import('../flashing/QmkFirmwarePane.tsx').then((m) => m.QmkFirmwarePane),
  ['flash', 'sheets', 'connection', 'refusals'],
);

/**
 * Configure → Firmware: the vendor's online and local upgrade for a keyboard whose vendor config has a firmware
 * entry (read here, so its reader loads with the pane), else QMK flashing through the keyboard's bootloader.
 */
export function FirmwarePaneFor({ entry, macIssue }: { entry: unknown; macIssue: boolean }) {
  if (entry === undefined) return <QmkFirmwarePane />;
  return <FirmwarePane config={firmwareConfig(entry)} macIssue={macIssue} />;
}
