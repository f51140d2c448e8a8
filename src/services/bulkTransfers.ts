import type { StoreApi } from 'zustand/vanilla';
import type { Timers } from '../protocol/hidDevice.ts';
import type { DeviceState } from '../state/deviceStore.ts';
import type { TransferKind, TransferState } from '../state/transferStore.ts';
import { HidTransferLink, SerialTransferLink, type TransferLink } from '../transfer/links.ts';
import {
  sendFirmware,
  sendMatrixLighting,
  sendTabFile,
  type MatrixAnimation,
  type TransferOutcome,
} from '../transfer/tabTransfer.ts';
import type { SerialProvider } from '../transport/serialProvider.ts';

export interface BulkTransferDeps {
  devices: StoreApi<DeviceState>;
  transfers: StoreApi<TransferState>;
  serial: SerialProvider;
  timers: Timers;
  logError(message: string): void;
}

/**
 * Runs the vendor line's bulk transfers for the selected keyboard: picks the link (its serial port when the
 * config says cdc, else raw HID), keeps the transfer store's progress and cancel flag, and reports failures to
 * the Errors page. One transfer of each kind at a time; starting another while one saves is ignored.
 */
export class BulkTransfers {
  private serialLinks = new Map<object, SerialTransferLink>();

  constructor(private readonly deps: BulkTransferDeps) {}

  private async link(serial: boolean): Promise<TransferLink> {
    const commands = this.deps.devices.getState().commands();
    if (!commands) throw new Error('No keyboard is selected.');
    const device = commands.client.device;
    if (!serial) return new HidTransferLink(commands.client);
    let link = this.serialLinks.get(device);
    if (!link) {
      const port = await this.deps.serial.portFor(device, device);
      link = new SerialTransferLink(port, this.deps.timers);
      this.serialLinks.set(device, link);
    }
    return link;
  }

  /** Drops the cached serial link of a keyboard that left (its port is gone with it). */
  async forget(device: object): Promise<void> {
    await this.serialLinks.get(device)?.close();
    this.serialLinks.delete(device);
  }

  private async run(
    kind: TransferKind,
    size: number,
    serial: boolean,
    send: (link: TransferLink, callbacks: Parameters<typeof sendTabFile>[2]) => Promise<TransferOutcome>,
  ): Promise<TransferOutcome | 'busy'> {
    const store = this.deps.transfers;
    if (!store.getState().start(kind, size)) return 'busy';
    try {
      const link = await this.link(serial);
      const outcome = await send(link, {
        onProgress: (sent) => store.getState().progress(kind, sent),
        isCanceled: () => store.getState().transfers[kind].state === 'canceled',
      });
      if (outcome === 'completed') store.getState().finish(kind, 'completed');
      return outcome;
    } catch (error) {
      store.getState().finish(kind, 'failed');
      // A link that failed mid-frame may hold half a reply: start the next transfer on a fresh one.
      const commands = this.deps.devices.getState().commands();
      if (commands) await this.forget(commands.client.device);
      this.deps.logError(error instanceof Error ? error.message : String(error));
      throw error;
    }
  }

  saveMatrix(animation: MatrixAnimation, serial: boolean): Promise<TransferOutcome | 'busy'> {
    return this.run('matrix', animation.data.length, serial, (link, cb) =>
      sendMatrixLighting(link, animation, cb),
    );
  }

  sendScreenFile(file: Uint8Array, serial: boolean): Promise<TransferOutcome | 'busy'> {
    return this.run('screen', file.length, serial, (link, cb) => sendTabFile(link, file, cb));
  }

  /** Firmware always goes over the serial port: its info frame does not fit a HID report (ADR 0005). */
  flashFirmware(image: Uint8Array): Promise<TransferOutcome | 'busy'> {
    return this.run('firmware', image.length, true, (link, cb) => sendFirmware(link, image, cb));
  }
}
