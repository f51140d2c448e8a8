import { BootloaderOpenError, reasonOf, type BootloaderConnection } from '../flash/bootloaderConnection.ts';

/** WebHID's `HIDDevice` as a HID bootloader (HalfKay) is used: open, output reports, what its reports hold. */
export interface HidBootDeviceLike {
  readonly vendorId: number;
  readonly productId: number;
  readonly productName: string;
  readonly opened: boolean;
  readonly collections: readonly {
    outputReports?: readonly { items?: readonly { reportSize?: number; reportCount?: number }[] }[];
  }[];
  open(): Promise<void>;
  close(): Promise<void>;
  sendReport(reportId: number, data: Uint8Array<ArrayBuffer>): Promise<void>;
}

/** `navigator.hid` as a bootloader is found with (or the virtual bootloaders' stand-in). */
export interface HidBootLike {
  getDevices(): Promise<HidBootDeviceLike[]>;
  requestDevice(options: {
    filters: { vendorId: number; productId: number }[];
  }): Promise<HidBootDeviceLike[]>;
}

/** Bytes of the device's first output report, from its report descriptor's items (null when not listed). */
export function outputReportBytes(device: HidBootDeviceLike): number | null {
  for (const collection of device.collections)
    for (const report of collection.outputReports ?? []) {
      const bits = (report.items ?? []).reduce((n, i) => n + (i.reportSize ?? 0) * (i.reportCount ?? 0), 0);
      if (bits > 0) return Math.ceil(bits / 8);
    }
  return null;
}

/** Opens a HalfKay bootloader for the client; a refusal throws `BootloaderOpenError` with the browser's reason. */
export async function openHalfKay(device: HidBootDeviceLike): Promise<BootloaderConnection> {
  try {
    if (!device.opened) await device.open();
  } catch (error) {
    throw new BootloaderOpenError(reasonOf(error));
  }
  return {
    protocol: 'halfkay',
    device,
    reportSize: outputReportBytes(device),
    ids: { vendorId: device.vendorId, productId: device.productId },
    name: device.productName || 'HalfKay',
    close: () => device.close().catch(() => undefined),
  };
}
