import { VIA_USAGE, VIA_USAGE_PAGE } from '../protocol/commands.ts';
import type { HidDeviceLike } from '../protocol/hidDevice.ts';

/** A HID device plus what the device list needs to know about it. */
export interface ProvidedDevice {
  path: string;
  device: HidDeviceLike;
  virtual: boolean;
}

/** The `navigator.hid` surface the provider uses (real WebHID or the virtual stand-in). */
export interface HidLike extends EventTarget {
  getDevices(): Promise<HidDeviceLike[]>;
  requestDevice(options: { filters: HIDDeviceFilter[] }): Promise<HidDeviceLike[]>;
}

export const VIA_FILTER: HIDDeviceFilter = { usagePage: VIA_USAGE_PAGE, usage: VIA_USAGE };

/**
 * How long the browser's device list is reused when nothing said it changed. Each list is a round trip to the
 * browser (≈ 30 ms at start-up); start-up asks twice within ~100 ms (is a real keyboard there? then the refresh
 * that selects the demo). A connect, disconnect or grant always asks again.
 */
export const REAL_LIST_REUSE_MS = 1000;

function isViaInterface(device: HidDeviceLike): boolean {
  const collections =
    (device as { collections?: { usagePage?: number; usage?: number }[] }).collections ?? [];
  return collections.some((c) => c.usagePage === VIA_USAGE_PAGE && c.usage === VIA_USAGE);
}

/**
 * Lists VIA-capable devices from real WebHID (when present) beside virtual keyboards, with stable synthetic
 * paths, and forwards connect/disconnect events from both. The only module that touches `navigator.hid`.
 */
export class HidProvider extends EventTarget {
  private readonly paths = new WeakMap<object, string>();
  private counter = 0;
  private realList: { at: number; devices: Promise<HidDeviceLike[]> } | null = null;

  constructor(
    private readonly real: HidLike | null,
    private readonly virtual: HidLike,
    private readonly now: () => number = () => performance.now(),
  ) {
    super();
    for (const source of [real, virtual]) {
      for (const type of ['connect', 'disconnect'] as const) {
        source?.addEventListener(type, () => {
          if (source === real) this.realList = null;
          this.dispatchEvent(new Event(type));
        });
      }
    }
  }

  private realDevices(): Promise<HidDeviceLike[]> {
    if (!this.real) return Promise.resolve([]);
    const now = this.now();
    if (this.realList && now - this.realList.at < REAL_LIST_REUSE_MS) return this.realList.devices;
    const devices = this.real.getDevices().catch(() => []);
    this.realList = { at: now, devices };
    return devices;
  }

  /** The browser's WebHID, when this browser has it. */
  static browserHid(): HidLike | null {
    return typeof navigator !== 'undefined' && 'hid' in navigator && navigator.hid
      ? (navigator.hid as unknown as HidLike)
      : null;
  }

  get hasRealHid(): boolean {
    return this.real !== null;
  }

  private pathOf(device: HidDeviceLike, virtual: boolean): string {
    let path = this.paths.get(device);
    if (!path) {
      path = `${virtual ? 'virtual' : 'hid'}-${++this.counter}`;
      this.paths.set(device, path);
    }
    return path;
  }

  /** The path a virtual keyboard is listed under, without asking the browser for its device list. */
  virtualPath(device: HidDeviceLike): string {
    return this.pathOf(device, true);
  }

  /** Authorised devices exposing the VIA raw-HID interface (usage page 0xFF60, usage 0x61). */
  async devices(): Promise<ProvidedDevice[]> {
    const [real, virtual] = await Promise.all([this.realDevices(), this.virtual.getDevices()]);
    return [
      ...real
        .filter(isViaInterface)
        .map((device) => ({ path: this.pathOf(device, false), device, virtual: false })),
      ...virtual.map((device) => ({ path: this.pathOf(device, true), device, virtual: true })),
    ];
  }

  /**
   * Opens the browser's chooser filtered to VIA keyboards; resolves when the user has chosen (or cancelled) with
   * the paths of the VIA keyboards granted, so the one just chosen can be shown instead of a virtual one.
   */
  async authorizeNew(): Promise<string[]> {
    if (!this.real) return [];
    const granted = await this.real.requestDevice({ filters: [VIA_FILTER] }).catch(() => []);
    this.realList = null;
    return granted.filter(isViaInterface).map((device) => this.pathOf(device, false));
  }
}
