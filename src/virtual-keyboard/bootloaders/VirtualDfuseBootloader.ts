import { DFU_REQUEST, DFU_STATE } from '../../flash/DfuLink.ts';
import { parseDfuseLayout, runAt, sectorStart, type DfuseSectorRun } from '../../flash/dfuseLayout.ts';
import type { UsbControlDevice, UsbControlSetup } from '../../flash/flashDevices.ts';
import {
  deviceGone,
  dfuStatusBytes,
  FaultCounter,
  transferredIn,
  VirtualFlash,
  type BootloaderFaults,
} from './VirtualFlash.ts';

const STATUS = { OK: 0, errTARGET: 1, errADDRESS: 8, errSTALLEDPKT: 15 } as const;
/** Poll timeouts the model reports (ms): an STM32F4 sector erase takes far longer; tests inject their sleep. */
const ERASE_MS = 25;
const WRITE_MS = 2;

type Pending = { kind: 'command'; bytes: Uint8Array } | { kind: 'data'; address: number; bytes: Uint8Array };

export interface VirtualDfuseOptions {
  layout: string;
  transferSize?: number;
  /** RDP level 1: uploads stall (nothing can be read back). */
  readProtected?: boolean;
  faults?: BootloaderFaults;
  initial?: Uint8Array;
  /** The ids it enumerates with: ST's system bootloader (0483:DF11) unless another maker's (Artery's 2E3C:DF11). */
  ids?: { vendorId: number; productId: number };
}

/**
 * An STM32 system bootloader in DFU mode (0483:DF11; Artery's AT32 one, 2E3C:DF11, takes the same requests:
 * `at32Dfu.ts`) behind WebUSB's control transfers: the DFU 1.1 state
 * machine with ST's DfuSe commands (set address, page erase, mass erase, upload from the pointer, leave by a
 * zero-length download), as docs/flashing-protocols.md describes, over a `VirtualFlash` laid out like the
 * alternate setting's name says. Faults: a stalled data write, a disconnect, a corrupt byte.
 */
export class VirtualDfuseBootloader implements UsbControlDevice {
  readonly vendorId: number;
  readonly productId: number;
  readonly flash: VirtualFlash;
  readonly layout: DfuseSectorRun[];
  readonly transferSize: number;
  readonly faults: FaultCounter;
  connected = true;
  /** Times the application was started (leave requests obeyed). */
  started = 0;
  /** Called when a fault takes it off the bus mid-flash (the cable pulled). */
  onLost: (() => void) | null = null;
  onLeave: (() => void) | null = null;
  private state: number = DFU_STATE.dfuIDLE;
  private status: number = STATUS.OK;
  private pointer = 0;
  private pending: Pending | null = null;
  private manifest = false;

  constructor(readonly options: VirtualDfuseOptions) {
    const layout = parseDfuseLayout(options.layout);
    if (!layout || layout.length === 0) throw new RangeError(`Not a DfuSe layout: ${options.layout}`);
    this.layout = layout;
    this.vendorId = options.ids?.vendorId ?? 0x0483;
    this.productId = options.ids?.productId ?? 0xdf11;
    this.transferSize = options.transferSize ?? 2048;
    const start = layout[0]!.start;
    this.flash = new VirtualFlash(start, layout[layout.length - 1]!.end - start, null, options.initial);
    this.faults = new FaultCounter(options.faults);
  }

  /** Plugs the bootloader back (after a disconnect fault): it starts over in dfuIDLE. */
  replug(): void {
    this.connected = true;
    this.state = DFU_STATE.dfuIDLE;
    this.status = STATUS.OK;
    this.pending = null;
  }

  private stall(status: number = STATUS.errSTALLEDPKT) {
    this.state = DFU_STATE.dfuERROR;
    this.status = status;
    return { status: 'stall' as const };
  }

  async controlTransferOut(setup: UsbControlSetup, data?: Uint8Array) {
    if (!this.connected) throw deviceGone();
    const bytes = data ?? new Uint8Array();
    if (setup.requestType !== 'class' || setup.recipient !== 'interface' || setup.index !== 0)
      return { ...this.stall(), bytesWritten: 0 };
    if (setup.request === DFU_REQUEST.ABORT) this.state = DFU_STATE.dfuIDLE;
    else if (setup.request === DFU_REQUEST.CLRSTATUS) {
      if (this.state !== DFU_STATE.dfuERROR) return { ...this.stall(), bytesWritten: 0 };
      this.state = DFU_STATE.dfuIDLE;
      this.status = STATUS.OK;
    } else if (setup.request === DFU_REQUEST.DNLOAD) {
      if (this.state !== DFU_STATE.dfuIDLE && this.state !== DFU_STATE.dfuDNLOAD_IDLE)
        return { ...this.stall(), bytesWritten: 0 };
      if (bytes.length === 0) this.manifest = true;
      else if (setup.value === 0) this.pending = { kind: 'command', bytes: bytes.slice() };
      else if (setup.value >= 2) {
        const fault = this.faults.next();
        if (fault === 'disconnect') {
          this.connected = false;
          this.onLost?.();
          throw deviceGone();
        }
        if (fault === 'stall') return { ...this.stall(), bytesWritten: 0 };
        const address = this.pointer + (setup.value - 2) * this.transferSize;
        this.pending = { kind: 'data', address, bytes: bytes.slice() };
      } else return { ...this.stall(), bytesWritten: 0 };
      this.state = this.manifest ? DFU_STATE.dfuMANIFEST_SYNC : DFU_STATE.dfuDNLOAD_SYNC;
    } else return { ...this.stall(), bytesWritten: 0 };
    return { status: 'ok' as const, bytesWritten: bytes.length };
  }

  async controlTransferIn(setup: UsbControlSetup, length: number) {
    if (!this.connected) throw deviceGone();
    if (setup.requestType !== 'class' || setup.recipient !== 'interface') return this.stall();
    if (setup.request === DFU_REQUEST.GETSTATUS) return this.getStatus();
    if (setup.request === DFU_REQUEST.GETSTATE) return transferredIn(new Uint8Array([this.state]));
    if (setup.request !== DFU_REQUEST.UPLOAD) return this.stall();
    if (this.state !== DFU_STATE.dfuIDLE && this.state !== DFU_STATE.dfuUPLOAD_IDLE) return this.stall();
    if (setup.value === 0) return transferredIn(new Uint8Array([0x00, 0x21, 0x41, 0x92]).subarray(0, length));
    if (setup.value < 2 || this.options.readProtected) return this.stall();
    const address = this.pointer + (setup.value - 2) * this.transferSize;
    const read = this.flash.read(address, Math.min(length, this.transferSize));
    if (!read) return this.stall(STATUS.errADDRESS);
    this.state = DFU_STATE.dfuUPLOAD_IDLE;
    return transferredIn(read);
  }

  /**
   * DNLOAD-SYNC → reports dfuDNBUSY and runs the pending request; DNBUSY → reports the result (DNLOAD-IDLE or
   * dfuERROR); MANIFEST-SYNC → reports dfuMANIFEST and leaves for the application.
   */
  private getStatus() {
    let poll = 0;
    if (this.state === DFU_STATE.dfuDNLOAD_SYNC) {
      poll = this.pending?.kind === 'command' && this.pending.bytes[0] === 0x41 ? ERASE_MS : WRITE_MS;
      this.state = DFU_STATE.dfuDNBUSY;
      this.status = this.run();
    } else if (this.state === DFU_STATE.dfuDNBUSY)
      this.state = this.status === STATUS.OK ? DFU_STATE.dfuDNLOAD_IDLE : DFU_STATE.dfuERROR;
    else if (this.state === DFU_STATE.dfuMANIFEST_SYNC) {
      const reply = transferredIn(dfuStatusBytes(STATUS.OK, 0, DFU_STATE.dfuMANIFEST));
      this.leave();
      return reply;
    }
    return transferredIn(dfuStatusBytes(this.status, poll, this.state));
  }

  private run(): number {
    const p = this.pending;
    this.pending = null;
    if (!p) return STATUS.OK;
    if (p.kind === 'data') {
      const corrupt = this.faults.corrupt(p.address, p.bytes.length);
      return this.flash.program(p.address, p.bytes, corrupt) ? STATUS.OK : STATUS.errADDRESS;
    }
    const [code] = p.bytes;
    const address = p.bytes.length === 5 ? new DataView(p.bytes.buffer).getUint32(1, true) : null;
    if (code === 0x21 && address !== null) {
      this.pointer = address;
      return STATUS.OK;
    }
    if (code === 0x41 && address === null) {
      this.flash.bytes.fill(0xff);
      return STATUS.OK;
    }
    if (code === 0x41 && address !== null) {
      const run = runAt(this.layout, address);
      if (!run || !run.erasable) return STATUS.errTARGET;
      this.flash.erase(sectorStart(run, address), run.sectorSize);
      return STATUS.OK;
    }
    return STATUS.errTARGET;
  }

  private leave(): void {
    this.manifest = false;
    this.connected = false;
    this.started++;
    this.onLeave?.();
  }
}
