import type { StoreApi } from 'zustand/vanilla';
import { formatVersion, encodeVersion, type FirmwareConfig } from '../formats/firmwareConfig.ts';
import type { DeviceState } from './deviceStore.ts';
import { keyboardBack } from './keyboardBack.ts';
import {
  flowKey,
  flowOf,
  type FirmwareFlowState,
  type FirmwareGroup,
  type FlowFile,
  type FlowStage,
} from './firmwareFlowStore.ts';
import type { TransferState } from './transferStore.ts';
import type { TransferOutcome } from '../transfer/tabTransfer.ts';
import {
  downloadFirmware,
  FIRMWARE_PAUSE_MS,
  needsUpdate,
  planUpdate,
  type DownloadFetch,
} from '../services/firmwareUpdate.ts';
import { VendorCommandSet } from '../protocol/vendorCommands.ts';

/** How long a board may take to leave the bus and come back after taking a file. */
export const RESTART_WAIT_MS = 20_000;

export interface FirmwareFlowDeps {
  devices: StoreApi<DeviceState>;
  flows: StoreApi<FirmwareFlowState>;
  transfers: StoreApi<TransferState>;
  /** Flashes the selected keyboard over its serial port (BulkTransfers.flashFirmware). */
  flash(image: Uint8Array): Promise<TransferOutcome | 'busy'>;
  fetch: DownloadFetch;
  /** The page's base URL (config paths are relative to it) and the app's origin (always allowed). */
  baseUrl: string;
  /** SHA-256 of a downloaded file as hex (default: formats/sha256.ts, loaded with the first file to check). */
  digest?(bytes: Uint8Array): Promise<string>;
  /** Waits between files and for a restart (default: a timer). */
  sleep?(ms: number): Promise<void>;
  restartWaitMs?: number;
}

/**
 * Runs firmware updates that span restarts (issue #13.2): the keyboard takes a file, restarts (leaves the bus,
 * comes back with a new HID path), and only then gets the next one. Everything the pane shows — downloaded
 * files, files done, the running step, the outcome — lives in the firmware-flow store keyed by the keyboard's
 * USB ids, so the pane can remount mid-update and still say where it stands.
 */
export class FirmwareFlowRunner {
  /** Keyboards whose flow is running (a restart of theirs is expected, not a reason to clear the outcome). */
  private readonly running = new Set<string>();

  private readonly digest: (bytes: Uint8Array) => Promise<string>;
  private readonly sleep: (ms: number) => Promise<void>;

  constructor(private readonly deps: FirmwareFlowDeps) {
    this.digest = deps.digest ?? (async (bytes) => (await import('../formats/sha256.ts')).sha256Hex(bytes));
    this.sleep = deps.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms)));
  }

  private selected() {
    const { devices, selectedPath } = this.deps.devices.getState();
    return devices.find((d) => d.path === selectedPath) ?? null;
  }

  /** The selected keyboard's flow key, or null. */
  selectedKey(): string | null {
    const device = this.selected();
    return device ? flowKey(device) : null;
  }

  isRunning(key: string): boolean {
    return this.running.has(key);
  }

  private patch(key: string, change: Parameters<FirmwareFlowState['patch']>[1]) {
    this.deps.flows.getState().patch(key, change);
  }

  /** A keyboard was selected: an outcome left from before it re-enumerated on its own no longer applies. */
  onSelected(path: string): void {
    const device = this.deps.devices.getState().devices.find((d) => d.path === path);
    if (device && !this.running.has(flowKey(device)))
      this.deps.flows.getState().clearOutcome(flowKey(device));
  }

  /** 'Check for Updates': 'latest' when nothing is newer, else downloads and checks every file. */
  async check(key: string, config: FirmwareConfig, deviceVersion: number | null, signal: AbortSignal) {
    if (!needsUpdate(deviceVersion, encodeVersion(config.version))) {
      this.patch(key, { online: 'latest', outcome: null });
      return;
    }
    this.patch(key, { online: 'downloading', outcome: null, files: [], done: [] });
    const resolve = (f: string) => new URL(f, this.deps.baseUrl).href;
    const sha256 = Object.fromEntries(Object.entries(config.sha256).map(([f, h]) => [resolve(f), h]));
    try {
      const files = await downloadFirmware(config.files.map(resolve), this.deps.fetch, signal, {
        appOrigin: new URL(this.deps.baseUrl).origin,
        hosts: config.hosts,
        sha256,
        digest: this.digest,
      });
      this.patch(key, { online: 'ready', files });
    } catch {
      this.patch(key, { online: 'downloadFailed' });
    }
  }

  /** Flashes the group's files not yet done, in order, each followed by the keyboard's restart. */
  async run(key: string, group: Exclude<FirmwareGroup, 'local'>): Promise<void> {
    const flow = flowOf(this.deps.flows.getState(), key);
    const plan = planUpdate(flow.files.map((f) => f.url));
    const files = flow.files.filter((f) => plan[group].includes(f.url) && !flow.done.includes(f.url));
    await this.flashFiles(key, group, files, plan[group].length - files.length);
  }

  /** Flashes one chosen .uf2 file (Local Upgrade). */
  flashLocal(key: string, file: FlowFile): Promise<void> {
    return this.flashFiles(key, 'local', [file], 0);
  }

  private async flashFiles(key: string, group: FirmwareGroup, files: FlowFile[], already: number) {
    if (this.running.has(key) || files.length === 0) return;
    this.running.add(key);
    const count = already + files.length;
    const stage = (file: FlowFile, i: number, phase: FlowStage['phase']) =>
      this.patch(key, { stage: { group, file: already + i + 1, count, name: file.name, phase } });
    this.patch(key, { outcome: null });
    try {
      for (const [i, file] of files.entries()) {
        if (i > 0) {
          stage(file, i, 'pausing');
          await this.sleep(FIRMWARE_PAUSE_MS);
        }
        if (group === 'master') {
          stage(file, i, 'bootMode');
          const commands = this.deps.devices.getState().commands();
          if (commands) await new VendorCommandSet(commands).enterBootMode().catch(() => undefined);
          await this.sleep(FIRMWARE_PAUSE_MS);
        }
        stage(file, i, 'flashing');
        const path = this.deps.devices.getState().selectedPath;
        let outcome: TransferOutcome | 'busy';
        try {
          outcome = await this.deps.flash(file.bytes);
        } catch {
          const failure = this.deps.transfers.getState().transfers.firmware.failure;
          this.patch(key, { outcome: { kind: 'failed', group, file: file.name, failure } });
          return;
        }
        if (outcome !== 'completed') {
          if (outcome === 'canceled') this.patch(key, { outcome: { kind: 'canceled', group } });
          return;
        }
        const flow = flowOf(this.deps.flows.getState(), key);
        this.patch(key, { done: [...flow.done, file.url] });
        stage(file, i, 'restarting');
        if (!(await this.waitForRestart(key, path))) {
          this.patch(key, { outcome: { kind: 'noRestart', group, file: file.name } });
          return;
        }
      }
      const outcome = { kind: 'success', group, version: await this.versionAfter(group) } as const;
      // The whole update is in (PLC files lead on to master): nothing is offered again, so the version just
      // installed is not flashed a second time by a click on the button that stayed.
      if (group === 'plc') this.patch(key, { outcome });
      else this.patch(key, { outcome, online: 'idle', files: [], done: [] });
    } finally {
      this.running.delete(key);
      this.patch(key, { stage: null });
    }
  }

  /** The version the keyboard reports after its restart: its PLC part's after PLC files, else its own. */
  private async versionAfter(group: FirmwareGroup): Promise<string | null> {
    const commands = this.deps.devices.getState().commands();
    if (!commands) return null;
    if (group === 'plc') {
      const parts = await new VendorCommandSet(commands).firmwareParts().catch(() => []);
      return parts.length === 1 ? formatVersion(parts[0]!) : null;
    }
    const version = await commands.firmwareVersion().catch(() => null);
    return version === null ? null : formatVersion(version);
  }

  /**
   * Waits until the keyboard with these ids is back under a new path, selected and loaded; false after
   * RESTART_WAIT_MS. Another keyboard may have been selected meanwhile: the restarted one is selected again.
   */
  private waitForRestart(key: string, previousPath: string | null): Promise<boolean> {
    return keyboardBack(
      this.deps.devices,
      (d) => flowKey(d) === key,
      previousPath,
      this.sleep(this.deps.restartWaitMs ?? RESTART_WAIT_MS),
    );
  }
}
