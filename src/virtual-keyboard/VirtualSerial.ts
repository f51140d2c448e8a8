import type { SerialPortLike } from '../transfer/links.ts';

/** A serial-only device on the virtual bus (a bootloader): its port, and whether it is on the bus. */
export interface SerialOnlyDevice {
  readonly productId: number;
  readonly connected: boolean;
  readonly port: SerialPortLike;
  /** Set by the bus: called when the device leaves it (flashed and restarted, or unplugged). */
  onLeave: (() => void) | null;
}

/**
 * A stand-in for `navigator.serial` holding virtual serial-only devices: the vendor line's receiver bootloader
 * and a QMK keyboard's Caterina. getPorts and requestPort with filters. Empty until a board puts one on the bus;
 * its code loads then (VirtualHid).
 */
export class VirtualSerial extends EventTarget {
  private readonly devices: SerialOnlyDevice[] = [];

  add(device: SerialOnlyDevice): void {
    this.devices.push(device);
    device.onLeave = () => this.dispatchEvent(new Event('disconnect'));
    this.dispatchEvent(new Event('connect'));
  }

  /** Every device that came onto the bus, including those that left after flashing (inspection). */
  all(): readonly SerialOnlyDevice[] {
    return this.devices;
  }

  /** Devices on the bus now. */
  connected(): SerialOnlyDevice[] {
    return this.devices.filter((b) => b.connected);
  }

  async getPorts(): Promise<SerialPortLike[]> {
    return this.connected().map((b) => b.port);
  }

  async requestPort(options: {
    filters: { usbVendorId: number; usbProductId: number }[];
  }): Promise<SerialPortLike> {
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
