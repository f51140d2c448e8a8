import type { DriveFolder, HidReportDevice, SerialStreams, UsbControlDevice } from './flashDevices.ts';
import type { UsbId } from '../bootloaders/flashTargets.ts';

/**
 * A bootloader the user picked, opened and ready for its protocol client (the transport adapters make one from
 * a WebUSB device, a Web Serial port, a WebHID device or a picked folder). What the browser told about it comes
 * with it: the DfuSe memory layout and transfer size from its descriptors, a HalfKay's report size. `close`
 * gives the device back (a device that already left the bus closes quietly).
 */
export type BootloaderConnection = (
  | {
      protocol: 'dfuse';
      device: UsbControlDevice;
      interfaceNumber: number;
      /** The DFU alternate setting's name (the memory layout), when the browser read it. */
      layout: string | null;
      /** wTransferSize from the DFU functional descriptor, when it could be read. */
      transferSize: number | null;
    }
  | { protocol: 'atmel-dfu'; device: UsbControlDevice }
  | { protocol: 'avr109'; port: SerialStreams }
  | {
      protocol: 'halfkay';
      device: HidReportDevice;
      /** Bytes of its output report (2 address bytes + one block), when the browser lists it. */
      reportSize: number | null;
    }
  | { protocol: 'uf2'; folder: DriveFolder }
) & {
  /** USB ids it enumerated with (null for a drive). */
  ids: UsbId | null;
  /** What the browser calls it (product name, drive name). */
  name: string;
  close(): Promise<void>;
};

/** The browser refused to open a bootloader it listed (on Linux: most often no udev rule for its ids). */
export class BootloaderOpenError extends Error {
  constructor(readonly reason: string) {
    super(reason);
    this.name = 'BootloaderOpenError';
  }
}

/** The message of whatever a browser call rejected with. */
export const reasonOf = (error: unknown): string =>
  error instanceof Error ? error.message || error.name : String(error);
