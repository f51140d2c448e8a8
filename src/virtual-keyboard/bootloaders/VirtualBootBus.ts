import { dfuConfigurationDescriptor } from '../../flash/dfuDescriptor.ts';
import type { DriveFolder, UsbControlDevice, UsbControlSetup } from '../../flash/flashDevices.ts';
import type { VirtualAtmelDfuBootloader } from './VirtualAtmelDfuBootloader.ts';
import type { VirtualDfuseBootloader } from './VirtualDfuseBootloader.ts';
import type { VirtualHalfKay } from './VirtualHalfKay.ts';
import type { VirtualUf2Drive } from './VirtualUf2Drive.ts';
import { transferredIn } from './VirtualFlash.ts';

type Filter = { vendorId: number; productId: number };
const gone = () => new DOMException('The device was disconnected.', 'NotFoundError');
const noneChosen = () => new DOMException('No device selected.', 'NotFoundError');
const GET_DESCRIPTOR = 6;

/**
 * A DFU bootloader with WebUSB's `USBDevice` surface: open, its one configuration with the DFU interface
 * (class FE/01; a DfuSe bootloader names its memory layout in the alternate setting), claim, and control
 * transfers, which go to the bootloader model. A DfuSe one answers GET_DESCRIPTOR with its DFU functional
 * descriptor (2048-byte transfers, DfuSe 1.1a), as ST's system bootloader does.
 */
export class VirtualUsbDevice implements UsbControlDevice {
  opened = false;
  readonly configuration;
  /** The alternate setting selected (0, the flash, unless the host chose another). */
  alternate = 0;

  constructor(
    readonly bootloader: VirtualDfuseBootloader | VirtualAtmelDfuBootloader,
    readonly productName: string,
    private readonly layout: string | null,
    /** Further alternate settings' names after the flash's (a system bootloader's option bytes). */
    more: readonly string[] = [],
  ) {
    const alternates = [layout, ...more].map((name, alternateSetting) => ({
      alternateSetting,
      interfaceClass: 0xfe,
      interfaceSubclass: 0x01,
      interfaceName: name,
    }));
    this.configuration = { interfaces: [{ interfaceNumber: 0, alternates }] };
  }

  get vendorId(): number {
    return this.bootloader.vendorId;
  }

  get productId(): number {
    return this.bootloader.productId;
  }

  get connected(): boolean {
    return this.bootloader.connected;
  }

  private check(): void {
    if (!this.bootloader.connected) throw gone();
  }

  async open(): Promise<void> {
    this.check();
    this.opened = true;
  }

  async close(): Promise<void> {
    this.opened = false;
  }

  async selectConfiguration(): Promise<void> {
    this.check();
  }

  async claimInterface(): Promise<void> {
    this.check();
  }

  async selectAlternateInterface(_interfaceNumber: number, alternateSetting: number): Promise<void> {
    this.check();
    this.alternate = alternateSetting;
  }

  async controlTransferIn(setup: UsbControlSetup, length: number) {
    this.check();
    if (setup.requestType === 'standard') {
      if (setup.request !== GET_DESCRIPTOR || setup.value !== 0x0200 || this.layout === null)
        return { status: 'stall' as const };
      const bytes = dfuConfigurationDescriptor(
        {
          canDownload: true,
          canUpload: true,
          manifestationTolerant: false,
          willDetach: true,
          detachTimeoutMs: 255,
          transferSize: (this.bootloader as VirtualDfuseBootloader).transferSize,
          version: 0x011a,
        },
        this.configuration.interfaces[0]!.alternates.length,
      ).subarray(0, length);
      return transferredIn(bytes);
    }
    // Only the flash is modelled: the option bytes' alternate stalls what would read or write them.
    if (this.alternate !== 0) return { status: 'stall' as const };
    return this.bootloader.controlTransferIn(setup, length);
  }

  async controlTransferOut(setup: UsbControlSetup, data?: Uint8Array<ArrayBuffer>) {
    this.check();
    if (this.alternate !== 0) return { status: 'stall' as const, bytesWritten: 0 };
    return this.bootloader.controlTransferOut(setup, data);
  }
}

/** HalfKay with WebHID's `HIDDevice` surface: open, its one output report (2 address bytes + a block). */
export class VirtualHidBootDevice {
  opened = false;
  readonly productName = 'HalfKay';
  readonly collections;

  constructor(readonly bootloader: VirtualHalfKay) {
    const items = [{ reportSize: 8, reportCount: bootloader.target.pageSize + 2 }];
    this.collections = [{ outputReports: [{ reportId: 0, items }] }];
  }

  get vendorId(): number {
    return this.bootloader.vendorId;
  }

  get productId(): number {
    return this.bootloader.productId;
  }

  get connected(): boolean {
    return this.bootloader.connected;
  }

  async open(): Promise<void> {
    if (!this.bootloader.connected) throw new DOMException('Failed to open the device.', 'NotAllowedError');
    this.opened = true;
  }

  async close(): Promise<void> {
    this.opened = false;
  }

  async sendReport(reportId: number, data: Uint8Array<ArrayBuffer>): Promise<void> {
    if (!this.opened) throw new DOMException('Failed to write the report.', 'InvalidStateError');
    return this.bootloader.sendReport(reportId, data);
  }
}

export type BusBootloader = VirtualUsbDevice | VirtualHidBootDevice | VirtualUf2Drive;

const matches = (d: { vendorId: number; productId: number }, filters: readonly Filter[]) =>
  filters.some((f) => f.vendorId === d.vendorId && f.productId === d.productId);

/**
 * The virtual QMK bootloaders on the bus, behind the browser surfaces their real ones have: `usb` as
 * `navigator.usb` (DFU bootloaders), `hid` as `navigator.hid` for HID bootloaders (HalfKay), `drives` as the
 * folder picker (a UF2 drive while it is mounted). Virtual devices count as allowed: `getDevices` lists them.
 * 'connect' / 'disconnect' events follow them. `made` keeps every bootloader made, for tests to look inside.
 */
export class VirtualBootBus extends EventTarget {
  private readonly devices: BusBootloader[] = [];
  /** Every bootloader model that came onto any bus (Caterina's is on the serial stand-in). */
  readonly made: object[] = [];
  /** How each bootloader still waiting on the bus starts its application (a reset button, Caterina's timeout). */
  readonly waiting = new Set<() => void>();

  /** Starts the application of every bootloader waiting on the bus (a flash cancelled); false when none was. */
  releaseAll(): boolean {
    const all = [...this.waiting];
    this.waiting.clear();
    for (const release of all) release();
    return all.length > 0;
  }

  readonly usb = {
    getDevices: async () => this.on().filter((d): d is VirtualUsbDevice => d instanceof VirtualUsbDevice),
    requestDevice: async ({ filters }: { filters: Filter[] }) => {
      const found = (await this.usb.getDevices()).find((d) => matches(d, filters));
      if (!found) throw noneChosen();
      return found;
    },
  };

  readonly hid = {
    getDevices: async () =>
      this.on().filter((d): d is VirtualHidBootDevice => d instanceof VirtualHidBootDevice),
    requestDevice: async ({ filters }: { filters: Filter[] }) =>
      (await this.hid.getDevices()).filter((d) => matches(d, filters)).slice(0, 1),
  };

  readonly drives = {
    pick: async (): Promise<DriveFolder> => {
      const drive = this.on().find((d): d is VirtualUf2Drive => 'getFileHandle' in d);
      if (!drive) throw new DOMException('The user aborted a request.', 'AbortError');
      return drive;
    },
  };

  /** The bootloaders on the bus now. */
  on(): BusBootloader[] {
    return this.devices.filter((d) => d.connected);
  }

  /** Puts a bootloader on the bus (again, after a replug) and announces it. */
  add(device: BusBootloader): void {
    if (!this.devices.includes(device)) this.devices.push(device);
    this.dispatchEvent(new Event('connect'));
  }

  /** Announces that a bootloader left the bus (started its application, or was unplugged). */
  left(): void {
    this.dispatchEvent(new Event('disconnect'));
  }
}
