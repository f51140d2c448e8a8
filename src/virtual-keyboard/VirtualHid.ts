import { VirtualFirmware, type EepromStorage } from './VirtualFirmware.ts';
import type { VirtualSerial } from './VirtualSerial.ts';
import { VirtualHidDevice } from './VirtualHidDevice.ts';
import { defaultScheduler, RESTART_MS, type Scheduler } from './scheduler.ts';
import type { VirtualKeyboardConfig } from './config.ts';
import type { VirtualBootBus } from './bootloaders/VirtualBootBus.ts';

/**
 * A stand-in for `navigator.hid` holding virtual keyboards: getDevices, requestDevice, and 'connect' /
 * 'disconnect' events carrying `{ device }`, like WebHID. Plugged-in virtual devices count as authorised.
 */
export class VirtualHid extends EventTarget {
  private readonly devices: VirtualHidDevice[] = [];
  /**
   * Serial-only virtual devices (bootloaders), as `navigator.serial` would list them: made with the first one
   * (bootloaderVisits.ts), so its code is not on the first screen.
   */
  declare serial: VirtualSerial | undefined;
  /** QMK bootloaders on WebUSB, WebHID and drives, made with the first bootloader jump (bootloaders/). */
  declare bootBus: VirtualBootBus | undefined;
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

  /** Puts a board on the bus as a new device (plugged in, or back after a restart) and announces it. */
  attach(firmware: VirtualFirmware): VirtualHidDevice {
    const device = new VirtualHidDevice(firmware, `virtual-${this.nextId++}`, this.options.schedule);
    device.onUnplug = () => {
      this.announce('disconnect', device);
      if (firmware.jumpedToBootloader) this.visit('qmk', firmware, device);
    };
    // After a firmware update the board restarts: it leaves the bus and comes back as a new device.
    firmware.onRestart = () => this.visit('restart', firmware, device);
    // 'Connect to DFU': the board's 2.4G receiver restarts into its bootloader, a serial-only device.
    firmware.onDfu = () => this.visit('receiver', firmware, device);
    this.devices.push(device);
    this.announce('connect', device);
    return device;
  }

  /**
   * What a board's restart brings, RESTART_MS later (bootloaderVisits.ts, whose code loads meanwhile): a QMK
   * board's bootloader after VIA's jump, the 2.4G receiver's after 'connect to DFU', the board itself again after a
   * firmware update.
   */
  private visit(
    kind: 'qmk' | 'receiver' | 'restart',
    firmware: VirtualFirmware,
    device: VirtualHidDevice,
  ): void {
    const schedule = this.options.schedule ?? defaultScheduler;
    const loading = import('./bootloaderVisits.ts');
    schedule(
      () =>
        void loading.then(
          (m) => m[kind](this, firmware, device, schedule),
          () => undefined,
        ),
      RESTART_MS,
    );
  }

  unplug(device: VirtualHidDevice): void {
    device.unplug();
  }

  private announce(type: 'connect' | 'disconnect', device: VirtualHidDevice): void {
    this.dispatchEvent(Object.assign(new Event(type), { device }));
  }
}
