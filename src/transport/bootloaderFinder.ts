import { BootloaderOpenError, reasonOf, type BootloaderConnection } from '../flash/bootloaderConnection.ts';
import type { DriveFolder } from '../flash/flashDevices.ts';
import {
  FLASH_TARGETS,
  type FlashProtocol,
  type FlashTarget,
  type UsbId,
} from '../bootloaders/flashTargets.ts';
import type { SerialPortLike } from '../transfer/links.ts';
import { openHalfKay, type HidBootLike } from './hidBootloader.ts';
import { openDfuBootloader, type UsbLike } from './usbBootloader.ts';

/** `navigator.serial` as a bootloader's port is found with. */
export interface SerialBootLike {
  getPorts(): Promise<SerialPortLike[]>;
  requestPort(options: { filters: { usbVendorId: number; usbProductId: number }[] }): Promise<SerialPortLike>;
}

/** The File System Access folder picker (`showDirectoryPicker`), or the virtual drives' stand-in. */
export interface DrivePickerLike {
  pick(): Promise<DriveFolder>;
}

/** Where bootloaders are found: each browser API, null where the browser has none. */
export interface BootloaderSources {
  usb: UsbLike | null;
  hid: HidBootLike | null;
  serial: SerialBootLike | null;
  drives: DrivePickerLike | null;
}

/** Caterina's port speed: ignored by the CDC bootloader, so any; avrdude's default for it. */
const CATERINA_BAUD = 57600;
const API: Record<FlashProtocol, keyof BootloaderSources> = {
  dfuse: 'usb',
  'atmel-dfu': 'usb',
  avr109: 'serial',
  halfkay: 'hid',
  uf2: 'drives',
};

const matches = (ids: readonly UsbId[], vendorId?: number, productId?: number) =>
  ids.some((id) => id.vendorId === vendorId && id.productId === productId);
const cancelled = (error: unknown) => (error as { name?: string }).name === 'NotFoundError';
const aborted = (error: unknown) => (error as { name?: string }).name === 'AbortError';

/**
 * Finds a target's bootloader on the bus and opens it for its protocol client: WebUSB (DfuSe, Atmel DFU), Web
 * Serial (Caterina), WebHID (HalfKay), a folder the user picks (UF2 drives). The virtual bootloaders (demos,
 * tests) are asked first through the same surfaces. The only module that touches `navigator.usb` and
 * `showDirectoryPicker`.
 */
export class BootloaderFinder {
  constructor(
    private readonly real: BootloaderSources,
    private readonly virtual: () => BootloaderSources | null,
  ) {}

  /** The browser's APIs for bootloaders (null where this browser has none: Firefox, Safari, insecure pages). */
  static browser(): BootloaderSources {
    const nav = typeof navigator === 'undefined' ? null : (navigator as unknown as Record<string, unknown>);
    const picker =
      typeof window !== 'undefined'
        ? (window as unknown as { showDirectoryPicker?: (o: object) => Promise<DriveFolder> })
            .showDirectoryPicker
        : undefined;
    return {
      usb: (nav?.usb as UsbLike | undefined) ?? null,
      hid: (nav?.hid as HidBootLike | undefined) ?? null,
      serial: (nav?.serial as SerialBootLike | undefined) ?? null,
      drives: picker ? { pick: () => picker.call(window, { id: 'keyloom-uf2', mode: 'readwrite' }) } : null,
    };
  }

  /** Whether this browser (or a virtual bootloader) can reach the protocol at all. */
  canReach(protocol: FlashProtocol): boolean {
    const api = API[protocol];
    return this.real[api] !== null || (this.virtual()?.[api] ?? null) !== null;
  }

  /**
   * A bootloader of the target already allowed (or virtual), opened; null when none is on the bus. Opens no
   * chooser, so it can be polled while the keyboard restarts. A drive always needs the user's pick: null.
   */
  async find(target: FlashTarget): Promise<BootloaderConnection | null> {
    for (const sources of [this.virtual(), this.real]) {
      if (!sources) continue;
      const { usb, hid, serial } = sources;
      if (usb && (target.protocol === 'dfuse' || target.protocol === 'atmel-dfu')) {
        const device = (await usb.getDevices().catch(() => [])).find((d) =>
          matches(target.usb, d.vendorId, d.productId),
        );
        if (device) return openDfuBootloader(device, target.protocol);
      }
      if (hid && target.protocol === 'halfkay') {
        const device = (await hid.getDevices().catch(() => [])).find((d) =>
          matches(target.usb, d.vendorId, d.productId),
        );
        if (device) return openHalfKay(device);
      }
      if (serial && target.protocol === 'avr109') {
        const port = (await serial.getPorts().catch(() => [])).find((p) => {
          const info = p.getInfo();
          return matches(target.usb, info.usbVendorId, info.usbProductId);
        });
        if (port) return openCaterina(port);
      }
    }
    return null;
  }

  /**
   * Another known bootloader than the target's on the bus (already allowed, or virtual), without opening it: the
   * board restarted into the bootloader it has, not the one the user chose (issue 38.2). Its target, preferring
   * the chosen chip where its ids fit several (HalfKay, STM32 DFU); null when none is there.
   */
  async findOther(target: FlashTarget): Promise<FlashTarget | null> {
    const others = FLASH_TARGETS.filter((t) => t.bootloader !== target.bootloader && t.usb.length > 0);
    const seen: UsbId[] = [];
    for (const sources of [this.virtual(), this.real]) {
      if (!sources) continue;
      for (const d of [
        ...((await sources.usb?.getDevices().catch(() => [])) ?? []),
        ...((await sources.hid?.getDevices().catch(() => [])) ?? []),
      ])
        seen.push({ vendorId: d.vendorId, productId: d.productId });
      for (const port of (await sources.serial?.getPorts().catch(() => [])) ?? []) {
        const info = port.getInfo();
        if (info.usbVendorId !== undefined && info.usbProductId !== undefined)
          seen.push({ vendorId: info.usbVendorId, productId: info.usbProductId });
      }
    }
    const fits = others.filter((t) => seen.some((id) => matches(t.usb, id.vendorId, id.productId)));
    return fits.find((t) => t.chip === target.chip) ?? fits[0] ?? null;
  }

  /**
   * The browser's chooser filtered to the target's bootloader ids (or the folder picker for a drive); call it
   * from a click. A virtual bootloader on the bus is taken without a chooser. Null when the user closed it.
   */
  async choose(target: FlashTarget): Promise<BootloaderConnection | null> {
    const found = target.protocol === 'uf2' ? null : await this.find(target);
    if (found) return found;
    const filters = target.usb.map(({ vendorId, productId }) => ({ vendorId, productId }));
    for (const sources of [this.virtual(), this.real]) {
      if (!sources) continue;
      const virtual = sources !== this.real;
      try {
        if (target.protocol === 'uf2' && sources.drives) return driveConnection(await sources.drives.pick());
        if (sources.usb && (target.protocol === 'dfuse' || target.protocol === 'atmel-dfu'))
          return openDfuBootloader(await sources.usb.requestDevice({ filters }), target.protocol);
        if (sources.hid && target.protocol === 'halfkay') {
          const [device] = await sources.hid.requestDevice({ filters });
          if (device) return openHalfKay(device);
        }
        if (sources.serial && target.protocol === 'avr109')
          return openCaterina(
            await sources.serial.requestPort({
              filters: filters.map((f) => ({ usbVendorId: f.vendorId, usbProductId: f.productId })),
            }),
          );
      } catch (error) {
        // A virtual source with nothing to offer falls through to the browser's chooser.
        if (error instanceof BootloaderOpenError) throw error;
        if (!virtual && !cancelled(error) && !aborted(error)) throw new BootloaderOpenError(reasonOf(error));
      }
    }
    return null;
  }
}

/** Opens a Caterina port (the client speaks AVR109 over it); a refusal throws `BootloaderOpenError`. */
async function openCaterina(port: SerialPortLike): Promise<BootloaderConnection> {
  try {
    if (!port.readable) await port.open({ baudRate: CATERINA_BAUD });
  } catch (error) {
    throw new BootloaderOpenError(reasonOf(error));
  }
  const info = port.getInfo();
  return {
    protocol: 'avr109',
    port,
    ids:
      info.usbVendorId === undefined || info.usbProductId === undefined
        ? null
        : { vendorId: info.usbVendorId, productId: info.usbProductId },
    name: 'Caterina',
    close: () => port.close().catch(() => undefined),
  };
}

function driveConnection(folder: DriveFolder): BootloaderConnection {
  return { protocol: 'uf2', folder, ids: null, name: folder.name, close: async () => undefined };
}
