import type { Timers } from '../lib/timers.ts';
import type { ViaCommands } from '../protocol/viaCommands.ts';
import { HidTransferLink, SerialTransferLink, type TransferLink } from '../transfer/links.ts';
import {
  sendFirmware,
  sendMatrixLighting,
  sendTabFile,
  type MatrixAnimation,
  type TransferCallbacks,
  type TransferOutcome,
} from '../transfer/tabTransfer.ts';
import type { SerialProvider } from '../transport/serialProvider.ts';
import { parseUf2 } from '../formats/uf2.ts';
import {
  bootImageProblem,
  bootImageRefusal,
  KEYBOARD_IMAGE_FAMILIES,
  type BootTarget,
} from '../bootloaders/bootTargets.ts';
import { TransferFailure, type TransferFailureInfo } from '../transfer/transferFailure.ts';

/** The transfers this service runs; the transfer store keeps one progress entry for each. */
export type BulkTransferKind = 'matrix' | 'screen' | 'firmware' | 'boot' | 'boot2';

/**
 * What the service needs of the stores, declared here so the dependency points down (state → services): the
 * device store gives the selected keyboard's commands, the transfer store takes progress and holds the cancel
 * flag. The app passes the stores themselves.
 */
export interface BulkTransferDeps {
  devices: { getState(): { commands(): ViaCommands | null } };
  transfers: {
    getState(): {
      transfers: Record<BulkTransferKind, { state: string }>;
      start(kind: BulkTransferKind, total: number): boolean;
      progress(kind: BulkTransferKind, bytesSent: number): void;
      finish(kind: BulkTransferKind, state: 'completed' | 'failed', failure?: TransferFailureInfo): void;
    };
  };
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

  /**
   * Runs one transfer of `kind` on the link `open` gives: progress and cancel through the store, failures to
   * the Errors page. A link that failed mid-frame may hold half a reply, so it is not reused.
   */
  private async run(
    kind: BulkTransferKind,
    size: number,
    open: () => Promise<TransferLink>,
    send: (link: TransferLink, callbacks: TransferCallbacks) => Promise<TransferOutcome>,
    done: (failed: boolean) => Promise<void>,
  ): Promise<TransferOutcome | 'busy'> {
    const store = this.deps.transfers;
    if (!store.getState().start(kind, size)) return 'busy';
    let failed = false;
    try {
      const outcome = await send(await open(), {
        onProgress: (sent) => store.getState().progress(kind, sent),
        isCanceled: () => store.getState().transfers[kind].state === 'canceled',
      });
      if (outcome === 'completed') store.getState().finish(kind, 'completed');
      return outcome;
    } catch (error) {
      failed = true;
      store.getState().finish(kind, 'failed', failureInfo(error, size));
      this.deps.logError(error instanceof Error ? error.message : String(error));
      throw error;
    } finally {
      await done(failed);
    }
  }

  /** A transfer to the selected keyboard; its serial link is kept for the next one unless this one failed. */
  private toKeyboard(
    kind: BulkTransferKind,
    size: number,
    serial: boolean,
    send: (link: TransferLink, callbacks: TransferCallbacks) => Promise<TransferOutcome>,
    check: () => void = () => undefined,
  ): Promise<TransferOutcome | 'busy'> {
    return this.run(
      kind,
      size,
      () => {
        check();
        return this.link(serial);
      },
      send,
      async (failed) => {
        const commands = this.deps.devices.getState().commands();
        if (failed && commands) await this.forget(commands.client.device);
      },
    );
  }

  saveMatrix(animation: MatrixAnimation, serial: boolean): Promise<TransferOutcome | 'busy'> {
    return this.toKeyboard('matrix', animation.data.length, serial, (link, cb) =>
      sendMatrixLighting(link, animation, cb),
    );
  }

  sendScreenFile(file: Uint8Array, serial: boolean): Promise<TransferOutcome | 'busy'> {
    return this.toKeyboard('screen', file.length, serial, (link, cb) => sendTabFile(link, file, cb));
  }

  /**
   * Flashes a bootloader found among the boot targets (the boot screens); a fresh link per flash. Boot and
   * Boot 2 keep one transfer state each (`kind`). The image must be built for the chip of the bootloader found
   * (its UF2 family id): another device's image — a keyboard's own, say — is refused before anything is sent.
   */
  flashBoot(
    image: Uint8Array,
    targets: readonly BootTarget[],
    kind: 'boot' | 'boot2' = 'boot',
  ): Promise<TransferOutcome | 'busy'> {
    let link: SerialTransferLink | null = null;
    return this.run(
      kind,
      image.length,
      async () => {
        const port = await this.deps.serial.bootPort(targets);
        const { usbVendorId, usbProductId } = port.getInfo();
        const found = targets.filter((t) => t.usbVendorId === usbVendorId && t.usbProductId === usbProductId);
        const parsed = parseUf2(image);
        if ('error' in parsed) throw new Error(parsed.error);
        const problem = bootImageProblem(parsed, found.length > 0 ? found : targets);
        if (problem) throw new Error(bootImageRefusal(problem));
        return (link = new SerialTransferLink(port, this.deps.timers));
      },
      (l, cb) => sendFirmware(l, image, cb),
      async () => void (await link?.close()),
    );
  }

  /**
   * Firmware always goes over the serial port: its info frame does not fit a HID report (ADR 0005). The image
   * must be built for the keyboard's chip (its UF2 family id, as `flashBoot` checks the receivers'): another
   * chip's image, or one naming none, is refused before the port is opened.
   */
  flashFirmware(image: Uint8Array): Promise<TransferOutcome | 'busy'> {
    return this.toKeyboard(
      'firmware',
      image.length,
      true,
      (link, cb) => sendFirmware(link, image, cb),
      () => {
        const parsed = parseUf2(image);
        if ('error' in parsed) throw new Error(parsed.error);
        const problem = bootImageProblem(parsed, KEYBOARD_IMAGE_FAMILIES);
        if (problem) throw new Error(bootImageRefusal(problem, 'this keyboard'));
      },
    );
  }
}

/** What the page says about a failure: the link's message and where the keyboard was left. */
function failureInfo(error: unknown, total: number): TransferFailureInfo {
  if (error instanceof TransferFailure)
    return { message: error.message, keyboardState: error.keyboardState, sent: error.sent, total };
  // The port could not be opened (no port, chooser closed): nothing reached the keyboard.
  return {
    message: error instanceof Error ? error.message : String(error),
    keyboardState: 'untouched',
    sent: 0,
    total,
  };
}
