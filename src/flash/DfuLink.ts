import type { UsbControlDevice, UsbControlSetup } from './flashDevices.ts';
import type { FlashStep } from './flashRefusals.ts';
import { disconnected, fail } from './FlashSession.ts';

/** USB DFU 1.1 class requests (docs/flashing-protocols.md "USB DFU 1.1"). */
export const DFU_REQUEST = {
  DETACH: 0,
  DNLOAD: 1,
  UPLOAD: 2,
  GETSTATUS: 3,
  CLRSTATUS: 4,
  GETSTATE: 5,
  ABORT: 6,
} as const;

/** `bState` values. */
export const DFU_STATE = {
  appIDLE: 0,
  appDETACH: 1,
  dfuIDLE: 2,
  dfuDNLOAD_SYNC: 3,
  dfuDNBUSY: 4,
  dfuDNLOAD_IDLE: 5,
  dfuMANIFEST_SYNC: 6,
  dfuMANIFEST: 7,
  dfuMANIFEST_WAIT_RESET: 8,
  dfuUPLOAD_IDLE: 9,
  dfuERROR: 10,
} as const;

/** `bStatus` values by number, as the DFU specification names them (shown in `deviceStatus` messages). */
export const DFU_STATUS_NAMES = [
  'OK',
  'errTARGET',
  'errFILE',
  'errWRITE',
  'errERASE',
  'errCHECK_ERASED',
  'errPROG',
  'errVERIFY',
  'errADDRESS',
  'errNOTDONE',
  'errFIRMWARE',
  'errVENDOR',
  'errUSBR',
  'errPOR',
  'errUNKNOWN',
  'errSTALLEDPKT',
] as const;

export const DFU_STATUS_OK = 0;
export const DFU_STATUS_NOTDONE = 9;

export interface DfuStatus {
  status: number;
  /** Milliseconds to wait before the next GETSTATUS. */
  pollTimeout: number;
  state: number;
}

export const statusName = (status: number): string => DFU_STATUS_NAMES[status] ?? `status ${status}`;

/**
 * The DFU class requests on one interface of a WebUSB device. Every transfer that the browser rejects (the
 * device was unplugged or reset) fails as `disconnected`; a stall as `stalled`; a short GETSTATUS reply as
 * `unexpectedReply`, each naming the step.
 */
export class DfuLink {
  /** Stalls seen by `tryUpload` (a read-protected chip) are not failures there. */
  constructor(
    readonly device: UsbControlDevice,
    readonly interfaceNumber: number,
  ) {}

  private setup(request: number, value: number): UsbControlSetup {
    return { requestType: 'class', recipient: 'interface', request, value, index: this.interfaceNumber };
  }

  async out(request: number, value: number, data: Uint8Array, step: FlashStep): Promise<void> {
    const result = await this.device
      .controlTransferOut(this.setup(request, value), data.slice())
      .catch(() => disconnected(step));
    if (result.status === 'stall') fail('stalled', { step });
    if (result.status !== 'ok' || result.bytesWritten !== data.length) fail('unexpectedReply', { step });
  }

  /** `length` bytes in; null when the device stalled (the caller decides whether that is a failure). */
  async in(request: number, value: number, length: number, step: FlashStep): Promise<Uint8Array | null> {
    const result = await this.device
      .controlTransferIn(this.setup(request, value), length)
      .catch(() => disconnected(step));
    if (result.status === 'stall') return null;
    if (result.status !== 'ok' || !result.data) return fail('unexpectedReply', { step });
    return new Uint8Array(result.data.buffer, result.data.byteOffset, result.data.byteLength);
  }

  download(block: number, data: Uint8Array, step: FlashStep): Promise<void> {
    return this.out(DFU_REQUEST.DNLOAD, block, data, step);
  }

  async upload(block: number, length: number, step: FlashStep): Promise<Uint8Array> {
    return (await this.in(DFU_REQUEST.UPLOAD, block, length, step)) ?? fail('stalled', { step });
  }

  async getStatus(step: FlashStep): Promise<DfuStatus> {
    const reply = (await this.in(DFU_REQUEST.GETSTATUS, 0, 6, step)) ?? fail('stalled', { step });
    if (reply.length < 6) fail('unexpectedReply', { step });
    return {
      status: reply[0]!,
      pollTimeout: reply[1]! | (reply[2]! << 8) | (reply[3]! << 16),
      state: reply[4]!,
    };
  }

  clearStatus(step: FlashStep): Promise<void> {
    return this.out(DFU_REQUEST.CLRSTATUS, 0, new Uint8Array(), step);
  }

  abort(step: FlashStep): Promise<void> {
    return this.out(DFU_REQUEST.ABORT, 0, new Uint8Array(), step);
  }

  /** Leaves dfuERROR (CLRSTATUS) or any other state (ABORT) for dfuIDLE; fails when the device will not. */
  async toIdle(step: FlashStep): Promise<void> {
    let status = await this.getStatus(step);
    if (status.state === DFU_STATE.dfuERROR) {
      await this.clearStatus(step);
      status = await this.getStatus(step);
    }
    if (status.state !== DFU_STATE.dfuIDLE) {
      await this.abort(step);
      status = await this.getStatus(step);
    }
    if (status.state !== DFU_STATE.dfuIDLE) fail('unexpectedReply', { step });
  }
}
