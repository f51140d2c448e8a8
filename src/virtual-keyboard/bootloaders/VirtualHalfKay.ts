import type { HidReportDevice } from '../../flash/flashDevices.ts';
import type { FlashTarget } from '../../bootloaders/flashTargets.ts';
import { FaultCounter, VirtualFlash, type BootloaderFaults } from './VirtualFlash.ts';

/**
 * A Teensy 2.0 / 2.0++ in HalfKay (16C0:0478) with WebHID's `sendReport`: a report of 2 address bytes + one
 * block writes it (the first report after reset erases the chip first, as HalfKay does), `FF FF FF` starts the
 * application (docs/flashing-protocols.md "HalfKay"). Faults: a refused report (the promise rejects, as
 * WebHID's does when the write fails), an unplug, a corrupt byte.
 */
export class VirtualHalfKay implements HidReportDevice {
  readonly vendorId = 0x16c0;
  readonly productId = 0x0478;
  readonly flash: VirtualFlash;
  readonly faults: FaultCounter;
  connected = true;
  started = 0;
  onLeave: (() => void) | null = null;
  /** Called when a fault takes it off the bus mid-flash (the cable pulled). */
  onLost: (() => void) | null = null;
  private erased = false;

  constructor(
    readonly target: FlashTarget,
    options: { faults?: BootloaderFaults; initial?: Uint8Array } = {},
  ) {
    this.flash = new VirtualFlash(0, target.flash.end, target.bootloaderRange, options.initial);
    this.faults = new FaultCounter(options.faults);
  }

  replug(): void {
    this.connected = true;
    this.erased = false;
  }

  async sendReport(reportId: number, data: Uint8Array): Promise<void> {
    if (!this.connected) throw new DOMException('The device was disconnected.', 'NotFoundError');
    const block = this.target.pageSize;
    if (reportId !== 0 || data.length !== block + 2)
      throw new DOMException('Failed to write the report.', 'NotAllowedError');
    if (data[0] === 0xff && data[1] === 0xff && data[2] === 0xff) {
      this.connected = false;
      this.started++;
      this.onLeave?.();
      return;
    }
    const fault = this.faults.next();
    if (fault === 'disconnect') {
      this.connected = false;
      this.onLost?.();
      throw new DOMException('The device was disconnected.', 'NotFoundError');
    }
    if (fault === 'stall') throw new DOMException('Failed to write the report.', 'NotAllowedError');
    const address = block === 128 ? data[0]! | (data[1]! << 8) : (data[0]! << 8) | (data[1]! << 16);
    if (!this.erased) {
      this.flash.erase(0, this.target.bootloaderRange?.start ?? this.flash.end);
      this.erased = true;
    }
    const bytes = data.subarray(2);
    this.flash.program(address, bytes, this.faults.corrupt(address, bytes.length));
  }
}
