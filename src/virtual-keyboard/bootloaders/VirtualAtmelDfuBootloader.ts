import { DFU_REQUEST, DFU_STATE } from '../../flash/DfuLink.ts';
import type { UsbControlDevice, UsbControlSetup } from '../../flash/flashDevices.ts';
import type { FlashTarget } from '../../bootloaders/flashTargets.ts';
import {
  deviceGone,
  dfuStatusBytes,
  FaultCounter,
  transferredIn,
  VirtualFlash,
  type BootloaderFaults,
} from './VirtualFlash.ts';

const STATUS = { OK: 0, errWRITE: 3, errADDRESS: 8, errNOTDONE: 9, errSTALLEDPKT: 15 } as const;
const HEADER = 32;

export interface VirtualAtmelDfuOptions {
  faults?: BootloaderFaults;
  initial?: Uint8Array;
  eeprom?: Uint8Array;
}

/**
 * Atmel's DFU bootloader on an ATmega32U4 or AT90USB (03EB:2FF4 …) behind WebUSB control transfers: the FLIP
 * commands dfu-programmer sends (docs/flashing-protocols.md "Atmel DFU"): config reads, chip erase (busy for two
 * polls), 64 KB page select, block write with header and suffix, block read, start. Flash is NOR
 * (`VirtualFlash`): writing without the chip erase leaves old bits. Faults: a stalled block write, a
 * disconnect, a corrupt byte.
 */
export class VirtualAtmelDfuBootloader implements UsbControlDevice {
  readonly flash: VirtualFlash;
  readonly eeprom: Uint8Array;
  readonly faults: FaultCounter;
  readonly vendorId = 0x03eb;
  readonly productId: number;
  connected = true;
  started = 0;
  /** Called when a fault takes it off the bus mid-flash (the cable pulled). */
  onLost: (() => void) | null = null;
  onLeave: (() => void) | null = null;
  private state: number = DFU_STATE.dfuIDLE;
  private status: number = STATUS.OK;
  private page = 0;
  private upload: Uint8Array | null = null;
  private eraseBusy = 0;
  private startPending = false;

  constructor(
    readonly target: FlashTarget,
    options: VirtualAtmelDfuOptions = {},
  ) {
    this.productId = target.usb[0]?.productId ?? 0x2ff4;
    this.flash = new VirtualFlash(0, target.flash.end, target.bootloaderRange, options.initial);
    this.eeprom = new Uint8Array(target.eepromSize).fill(0xff);
    if (options.eeprom) this.eeprom.set(options.eeprom.subarray(0, target.eepromSize));
    this.faults = new FaultCounter(options.faults);
  }

  replug(): void {
    this.connected = true;
    this.state = DFU_STATE.dfuIDLE;
    this.status = STATUS.OK;
  }

  private fault(status: number) {
    this.state = DFU_STATE.dfuERROR;
    this.status = status;
  }

  async controlTransferOut(setup: UsbControlSetup, data?: Uint8Array) {
    if (!this.connected) throw deviceGone();
    const bytes = data ?? new Uint8Array();
    const done = { status: 'ok' as const, bytesWritten: bytes.length };
    if (setup.request === DFU_REQUEST.CLRSTATUS || setup.request === DFU_REQUEST.ABORT) {
      this.state = DFU_STATE.dfuIDLE;
      this.status = STATUS.OK;
      return done;
    }
    if (setup.request !== DFU_REQUEST.DNLOAD || this.state === DFU_STATE.dfuERROR)
      return { status: 'stall' as const, bytesWritten: 0 };
    if (bytes.length === 0) {
      if (this.startPending) this.leave();
      return done;
    }
    this.state = DFU_STATE.dfuDNLOAD_IDLE;
    const [cmd, a = 0, b = 0] = bytes;
    if (cmd === 0x01) return this.write(bytes);
    if (cmd === 0x03) this.prepareRead(bytes);
    else if (cmd === 0x04 && a === 0x00 && b === 0xff) {
      this.flash.erase(0, this.target.bootloaderRange?.start ?? this.flash.end);
      this.eraseBusy = 2;
    } else if (cmd === 0x04 && a === 0x03) this.startPending = true;
    else if (cmd === 0x05) this.upload = new Uint8Array([this.config(a, b)]);
    else if (cmd === 0x06 && a === 0x03 && b === 0x00) this.page = bytes[3] ?? 0;
    else this.fault(STATUS.errADDRESS);
    return done;
  }

  private write(bytes: Uint8Array) {
    const fault = this.faults.next();
    if (fault === 'disconnect') {
      this.connected = false;
      this.onLost?.();
      throw deviceGone();
    }
    if (fault === 'stall') {
      this.fault(STATUS.errSTALLEDPKT);
      return { status: 'stall' as const, bytesWritten: 0 };
    }
    const start = (bytes[2]! << 8) | bytes[3]!;
    const end = (bytes[4]! << 8) | bytes[5]!;
    const data = bytes.subarray(HEADER, HEADER + end - start + 1);
    if (end < start || bytes.length !== HEADER + data.length + 16) this.fault(STATUS.errADDRESS);
    else if (bytes[1] === 0x01) {
      if (end >= this.eeprom.length) this.fault(STATUS.errADDRESS);
      else this.eeprom.set(data, start);
    } else {
      const address = this.page * 0x10000 + start;
      const corrupt = this.faults.corrupt(address, data.length);
      if (!this.flash.program(address, data, corrupt)) this.fault(STATUS.errWRITE);
    }
    return { status: 'ok' as const, bytesWritten: bytes.length };
  }

  private prepareRead(bytes: Uint8Array) {
    const start = (bytes[2]! << 8) | bytes[3]!;
    const end = (bytes[4]! << 8) | bytes[5]!;
    if (bytes[1] === 0x02) this.upload = end < this.eeprom.length ? this.eeprom.slice(start, end + 1) : null;
    else this.upload = this.flash.read(this.page * 0x10000 + start, end - start + 1);
    if (!this.upload) this.fault(STATUS.errADDRESS);
  }

  private config(group: number, index: number): number {
    const signature = this.target.signature ?? [0, 0, 0];
    if (group === 0 && index === 0) return 0x10; // bootloader version
    if (group === 1 && index === 0x30) return signature[0];
    if (group === 1 && index === 0x31) return signature[1];
    if (group === 1 && index === 0x60) return signature[2];
    return 0;
  }

  async controlTransferIn(setup: UsbControlSetup, length: number) {
    if (!this.connected) throw deviceGone();
    if (setup.request === DFU_REQUEST.GETSTATUS) {
      let status = this.status;
      let state = this.state;
      if (this.eraseBusy > 0) {
        this.eraseBusy--;
        status = STATUS.errNOTDONE;
        state = DFU_STATE.dfuDNBUSY;
      }
      return transferredIn(dfuStatusBytes(status, 0, state));
    }
    if (setup.request === DFU_REQUEST.UPLOAD && this.upload && this.state !== DFU_STATE.dfuERROR) {
      const reply = this.upload.subarray(0, length);
      this.upload = null;
      return transferredIn(reply);
    }
    this.fault(STATUS.errSTALLEDPKT);
    return { status: 'stall' as const };
  }

  private leave(): void {
    this.startPending = false;
    this.connected = false;
    this.started++;
    this.onLeave?.();
  }
}
