import type { VirtualBootloader } from './VirtualBootloader.ts';
import type { VirtualSerialPort } from './VirtualSerialPort.ts';

/**
 * A stand-in for `navigator.serial` holding virtual bootloaders: getPorts and requestPort with filters. Empty
 * until a board puts its receiver into its bootloader; the bootloader's code loads then (VirtualHid).
 */
export class VirtualSerial extends EventTarget {
  private readonly bootloaders: VirtualBootloader[] = [];

  add(bootloader: VirtualBootloader): void {
    this.bootloaders.push(bootloader);
    bootloader.onLeave = () => this.dispatchEvent(new Event('disconnect'));
    this.dispatchEvent(new Event('connect'));
  }

  /** Every bootloader that came onto the bus, including those that left after flashing (inspection). */
  all(): readonly VirtualBootloader[] {
    return this.bootloaders;
  }

  /** Bootloaders on the bus now. */
  connected(): VirtualBootloader[] {
    return this.bootloaders.filter((b) => b.connected);
  }

  async getPorts(): Promise<VirtualSerialPort[]> {
    return this.connected().map((b) => b.port);
  }

  async requestPort(options: {
    filters: { usbVendorId: number; usbProductId: number }[];
  }): Promise<VirtualSerialPort> {
    const port = (await this.getPorts()).find((p) => {
      const info = p.getInfo();
      return options.filters.some(
        (f) => f.usbVendorId === info.usbVendorId && f.usbProductId === info.usbProductId,
      );
    });
    if (!port) throw new DOMException('No port selected by the user.', 'NotFoundError');
    return port;
  }
}
