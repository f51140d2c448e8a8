import { NO_SERIAL_PORT } from '../transfer/errors.ts';
import type { SerialPortLike } from '../transfer/links.ts';
import { matchesTarget, type BootTarget } from '../bootloaders/bootTargets.ts';

/** The `navigator.serial` surface used here. */
export interface SerialLike {
  getPorts(): Promise<SerialPortLike[]>;
  requestPort(options: { filters: { usbVendorId: number; usbProductId: number }[] }): Promise<SerialPortLike>;
}

/**
 * Finds a keyboard's serial (CDC) interface: the virtual keyboard's own port, an already granted port with
 * the same vendor/product id, or — once — the browser's port chooser filtered to it. The only module that
 * touches `navigator.serial`.
 */
export class SerialProvider {
  constructor(
    private readonly real: SerialLike | null,
    private readonly virtualPortFor: (device: object) => SerialPortLike | null | Promise<SerialPortLike>,
    /** Virtual serial-only devices (bootloaders), listed before real ports (none until the first appears). */
    private readonly virtual: () => Pick<SerialLike, 'getPorts'> | null | undefined = () => null,
  ) {}

  static browserSerial(): SerialLike | null {
    return typeof navigator !== 'undefined' && 'serial' in navigator && navigator.serial
      ? (navigator.serial as unknown as SerialLike)
      : null;
  }

  async portFor(device: object, ids: { vendorId: number; productId: number }): Promise<SerialPortLike> {
    const virtual = await this.virtualPortFor(device);
    if (virtual) return virtual;
    if (!this.real) throw new Error(NO_SERIAL_PORT);
    const matches = (p: SerialPortLike) => {
      const info = p.getInfo();
      return info.usbVendorId === ids.vendorId && info.usbProductId === ids.productId;
    };
    const granted = (await this.real.getPorts()).find(matches);
    if (granted) return granted;
    try {
      return await this.real.requestPort({
        filters: [{ usbVendorId: ids.vendorId, usbProductId: ids.productId }],
      });
    } catch {
      // The user closed the chooser, or no such port exists.
      throw new Error(NO_SERIAL_PORT);
    }
  }

  /**
   * A bootloader's port (boot screens): a virtual or already granted one matching the targets, else the
   * browser's chooser filtered to them; 'no serial port' when there is none.
   */
  async bootPort(targets: readonly BootTarget[]): Promise<SerialPortLike> {
    const granted = [...((await this.virtual()?.getPorts()) ?? []), ...((await this.real?.getPorts()) ?? [])];
    const match = granted.find((p) => matchesTarget(p.getInfo(), targets));
    if (match) return match;
    if (!this.real) throw new Error(NO_SERIAL_PORT);
    try {
      return await this.real.requestPort({
        filters: targets.map(({ usbVendorId, usbProductId }) => ({ usbVendorId, usbProductId })),
      });
    } catch {
      throw new Error(NO_SERIAL_PORT);
    }
  }
}
