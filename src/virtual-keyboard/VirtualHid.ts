import { VirtualFirmware, type EepromStorage } from './VirtualFirmware.ts';
import { VirtualSerial } from './VirtualSerial.ts';
import { VirtualHidDevice } from './VirtualHidDevice.ts';
import { defaultScheduler, type Scheduler } from './scheduler.ts';
import type { VirtualKeyboardConfig } from './config.ts';
import type { VirtualBootBus } from './bootloaders/VirtualBootBus.ts';

/** How long a restarting board takes to leave the bus, and again to come back. */
export const RESTART_MS = 300;

/**
 * A stand-in for `navigator.hid` holding virtual keyboards: getDevices, requestDevice, and 'connect' /
 * 'disconnect' events carrying `{ device }`, like WebHID. Plugged-in virtual devices count as authorised.
 */
export class VirtualHid extends EventTarget {
  private readonly devices: VirtualHidDevice[] = [];
  /** Serial-only virtual devices (bootloaders), as `navigator.serial` would list them. */
  readonly serial = new VirtualSerial();
  /** QMK bootloaders on WebUSB, WebHID and drives, made with the first bootloader jump (bootloaders/). */
  bootBus: VirtualBootBus | null = null;
  private nextId = 1;

  constructor(
    private readonly options: { storage?: EepromStorage; now?: () => number; schedule?: Scheduler } = {},
  ) {
    super();
  }

  async getDevices(): Promise<VirtualHidDevice[]> {
    return this.devices.filter((d) => d.connected);
  }

  /** Virtual devices matching any filter (vendorId/productId/usagePage/usage); all of them without filters. */
  async requestDevice(options: { filters?: HIDDeviceFilter[] } = {}): Promise<VirtualHidDevice[]> {
    const filters = options.filters ?? [];
    return (await this.getDevices()).filter(
      (d) =>
        filters.length === 0 ||
        filters.some(
          (f) =>
            (f.vendorId === undefined || f.vendorId === d.vendorId) &&
            (f.productId === undefined || f.productId === d.productId) &&
            (f.usagePage === undefined || d.collections.some((c) => c.usagePage === f.usagePage)) &&
            (f.usage === undefined || d.collections.some((c) => c.usage === f.usage)),
        ),
    );
  }

  /** Plugs in a new virtual keyboard and announces it with a 'connect' event. */
  plugIn(config: VirtualKeyboardConfig, storageKey?: string): VirtualHidDevice {
    const firmware = new VirtualFirmware(config, {
      ...(this.options.storage ? { storage: this.options.storage } : {}),
      ...(this.options.now ? { now: this.options.now } : {}),
      ...(storageKey ? { storageKey } : {}),
    });
    return this.attach(firmware);
  }

  private attach(firmware: VirtualFirmware): VirtualHidDevice {
    const device = new VirtualHidDevice(firmware, `virtual-${this.nextId++}`, this.options.schedule);
    const schedule = this.options.schedule ?? defaultScheduler;
    device.onUnplug = () => {
      this.announce('disconnect', device);
      // A QMK board's bootloader jump: its bootloader comes onto the bus (its code loads now).
      if (firmware.jumpedToBootloader && firmware.config.qmkBootloader)
        void import('./bootloaders/qmkBootloader.ts').then(
          (m) => m.enterBootloader(this, firmware, device, schedule),
          () => undefined,
        );
    };
    // After a firmware update the board restarts: it leaves the bus and comes back as a new device.
    firmware.onRestart = () => this.restart(device, firmware);
    // 'Connect to DFU': the board's 2.4G receiver restarts into its bootloader, a serial-only device.
    firmware.onDfu = () => {
      const ids = firmware.config.receiverBoot;
      if (!ids || this.serial.connected().some((b) => b.productId === ids.usbProductId)) return;
      // The bootloader's code loads while the receiver restarts.
      const loading = import('./VirtualBootloader.ts');
      schedule(
        () =>
          void loading.then(
            ({ VirtualBootloader }) =>
              this.serial.add(
                new VirtualBootloader(ids.usbVendorId, ids.usbProductId, ids.familyId, schedule),
              ),
            () => undefined,
          ),
        RESTART_MS,
      );
    };
    this.devices.push(device);
    this.announce('connect', device);
    return device;
  }

  /**
   * The board restarts (after a firmware update, or leaving its bootloader): it leaves the bus and comes back as
   * a new device, announced with a 'restart' event naming both.
   */
  restart(previous: VirtualHidDevice, firmware: VirtualFirmware): void {
    const schedule = this.options.schedule ?? defaultScheduler;
    schedule(() => {
      previous.unplug();
      schedule(() => {
        const next = this.attach(firmware);
        this.dispatchEvent(Object.assign(new Event('restart'), { device: next, previous }));
      }, RESTART_MS);
    }, RESTART_MS);
  }

  unplug(device: VirtualHidDevice): void {
    device.unplug();
  }

  private announce(type: 'connect' | 'disconnect', device: VirtualHidDevice): void {
    this.dispatchEvent(Object.assign(new Event(type), { device }));
  }
}
