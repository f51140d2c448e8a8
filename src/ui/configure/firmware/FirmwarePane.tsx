import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PaneTabs } from '../../common/PaneTabs.tsx';
import { Message } from '../../common/Message.tsx';
import { FlashStatus, LocalFlash } from './LocalFlash.tsx';
import { useStore } from 'zustand';
import { encodeVersion, formatVersion, type FirmwareConfig } from '../../../formats/vendorConfig.ts';
import {
  downloadFirmware,
  FIRMWARE_PAUSE_MS,
  macFirmwareBlocked,
  needsUpdate,
  planUpdate,
  type DownloadedFirmware,
} from '../../../services/firmwareUpdate.ts';
import { useAppStores, useDevices } from '../../AppContext.tsx';

export interface FirmwarePaneProps {
  config: FirmwareConfig | null;
  /** macOS with the vendor's serial-driver issue (vendor config cdcMacIssue). */
  macIssue: boolean;
}

interface Versions {
  main: number | null;
  parts: number[];
}

type Online =
  | { step: 'idle' }
  | { step: 'latest' }
  | { step: 'downloading' }
  | { step: 'downloadFailed' }
  | { step: 'ready'; files: DownloadedFirmware[]; done: Set<string> };

const PART_NAMES = ['host', 'left', 'right'] as const;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Firmware (extended.md §2): the running version (and each part's on split or PLC boards), online upgrade from
 * the vendor config's files, or a local .uf2 file; both flash over the keyboard's serial port with progress.
 */
export function FirmwarePane({ config, macIssue }: FirmwarePaneProps) {
  const { t } = useTranslation('hardware');
  const { runtime } = useAppStores();
  const commands = useDevices((s) => s.commands());
  const device = useDevices((s) => s.devices.find((d) => d.path === s.selectedPath) ?? null);
  const progress = useStore(runtime.transfers, (s) => s.transfers.firmware);
  const [versions, setVersions] = useState<Versions | null>(null);
  const files = config?.files ?? [];
  const [mode, setMode] = useState<'online' | 'local'>(files.length > 0 ? 'online' : 'local');
  const [online, setOnline] = useState<Online>({ step: 'idle' });
  const [running, setRunning] = useState<string | null>(null);
  const abort = useRef<AbortController | null>(null);

  useEffect(() => {
    if (!commands) return;
    let live = true;
    (async () => {
      const main = await commands.firmwareVersion().catch(() => null);
      const parts = await commands.firmwareParts().catch(() => []);
      if (live) setVersions({ main, parts });
    })();
    return () => {
      live = false;
    };
  }, [commands]);
  useEffect(() => () => abort.current?.abort(), []);

  const saving = progress.state === 'saving';
  const configured = config ? encodeVersion(config.version) : 0;
  const updateAvailable = needsUpdate(versions?.main ?? null, configured);
  const blocked = device !== null && macFirmwareBlocked(macIssue, device, versions?.main ?? null);

  const flash = async (image: Uint8Array): Promise<boolean> => {
    try {
      return (await runtime.bulk.flashFirmware(image)) === 'completed';
    } catch {
      return false;
    }
  };

  const check = async () => {
    if (!updateAvailable) {
      setOnline({ step: 'latest' });
      return;
    }
    setOnline({ step: 'downloading' });
    abort.current = new AbortController();
    try {
      const base = new URL(document.baseURI);
      const downloaded = await downloadFirmware(
        files.map((f) => new URL(f, base).href),
        (url, init) => fetch(url, init),
        abort.current.signal,
      );
      setOnline({ step: 'ready', files: downloaded, done: new Set() });
    } catch {
      setOnline({ step: 'downloadFailed' });
    }
  };

  /** Flashes files in order with a pause between them; master firmware first restarts the board into boot. */
  const runOnline = async (group: 'plc' | 'master' | 'normal') => {
    if (online.step !== 'ready') return;
    const plan = planUpdate(online.files.map((f) => f.url));
    const selected = online.files.filter((f) => plan[group].includes(f.url));
    setRunning(group);
    for (const [i, file] of selected.entries()) {
      if (i > 0) await sleep(FIRMWARE_PAUSE_MS);
      if (group === 'master') {
        await runtime.store
          .getState()
          .commands()
          ?.enterBootMode()
          .catch(() => undefined);
        await sleep(FIRMWARE_PAUSE_MS);
      }
      if (!(await flash(file.bytes))) break;
      online.done.add(file.url);
    }
    // On failure the running action is cleared so the user can retry it.
    setRunning(null);
  };

  const flashLocal = async (image: Uint8Array) => {
    setRunning('local');
    await flash(image);
    setRunning(null);
  };

  const plan = online.step === 'ready' ? planUpdate(online.files.map((f) => f.url)) : null;
  const plcDone = plan !== null && plan.plc.every((u) => online.step === 'ready' && online.done.has(u));
  const busy = saving || running !== null;

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
          <span className="firmware-parts">
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
              onChange={setMode}
            />
          )}

          {mode === 'online' && files.length > 0 ? (
            <div className="firmware-section">
              <button
                type="button"
                className="btn"
                disabled={busy || online.step === 'downloading'}
                onClick={() => void check()}
              >
                {t('firmware.check')}
                {updateAvailable && <span className="dot" aria-label={t('firmware.updateNeeded')} />}
              </button>
              {online.step === 'downloading' && <Message kind="info">{t('firmware.loading')}</Message>}
              {online.step === 'latest' && (
                <div role="status" className="firmware-note">
                  <p>{t('firmware.latest')}</p>
                  <button type="button" className="btn" onClick={() => setOnline({ step: 'idle' })}>
                    {t('firmware.confirm')}
                  </button>
                </div>
              )}
              {online.step === 'downloadFailed' && (
                <div role="alert" className="firmware-note">
                  <p className="message-error">{t('firmware.downloadFailed')}</p>
                  <button type="button" className="btn" onClick={() => setOnline({ step: 'idle' })}>
                    {t('firmware.cancel')}
                  </button>
                </div>
              )}
              {online.step === 'ready' && plan && (
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
                      onClick={() => void runOnline('plc')}
                    >
                      {t('firmware.updatePlc')}
                    </button>
                  )}
                  {plan.master.length > 0 && (
                    <button
                      type="button"
                      className="btn btn-primary"
                      disabled={busy || (plan.plc.length > 0 && !plcDone)}
                      onClick={() => void runOnline('master')}
                    >
                      {t('firmware.updateMaster')}
                    </button>
                  )}
                  {plan.normal.length > 0 && (
                    <button
                      type="button"
                      className="btn btn-primary"
                      disabled={busy}
                      onClick={() => void runOnline('normal')}
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
              onChosen={() => runtime.transfers.getState().reset('firmware')}
              onFlash={(image) => void flashLocal(image)}
            />
          )}
          <FlashStatus kind="firmware" tool={t('firmware.title')} running={running !== null} />
        </>
      )}
    </section>
  );
}
