import { BootloaderOpenError, reasonOf, type BootloaderConnection } from '../flash/bootloaderConnection.ts';
import { configurationLength, findDfuFunctional } from '../flash/dfuDescriptor.ts';
import type { UsbControlDevice } from '../flash/flashDevices.ts';

/** WebUSB's `USBAlternateInterface`, what finding the DFU interface reads. */
export interface UsbAlternateLike {
  alternateSetting: number;
  interfaceClass: number;
  interfaceSubclass: number;
  interfaceName?: string | null;
}

/** WebUSB's `USBDevice`: control transfers (the protocol clients) and what opening the DFU interface needs. */
export interface UsbDeviceLike extends UsbControlDevice {
  readonly vendorId: number;
  readonly productId: number;
  readonly productName?: string | undefined;
  readonly opened: boolean;
  readonly configuration: {
    interfaces: readonly { interfaceNumber: number; alternates: readonly UsbAlternateLike[] }[];
  } | null;
  open(): Promise<void>;
  close(): Promise<void>;
  selectConfiguration(value: number): Promise<void>;
  claimInterface(interfaceNumber: number): Promise<void>;
  selectAlternateInterface(interfaceNumber: number, alternateSetting: number): Promise<void>;
}

/** `navigator.usb` (or the virtual bootloaders' stand-in). */
export interface UsbLike {
  getDevices(): Promise<UsbDeviceLike[]>;
  requestDevice(options: { filters: { vendorId: number; productId: number }[] }): Promise<UsbDeviceLike>;
}

/** USB DFU's interface class and subclass (DFU 1.1 §4.2.1). */
const DFU_CLASS = 0xfe;
const DFU_SUBCLASS = 0x01;
const GET_DESCRIPTOR = {
  requestType: 'standard',
  recipient: 'device',
  request: 6,
  value: 0x0200,
  index: 0,
} as const;

/**
 * Opens a DFU bootloader's interface for a protocol client: the device, its first configuration, the interface
 * of class FE/01 (Atmel's bootloader has only interface 0), its flash alternate setting (DfuSe names its
 * memories; the one named `@Internal Flash` is the flash, else alternate 0), and what its descriptors say:
 * the memory layout (the alternate's name) and wTransferSize. A browser that refuses (permissions, another
 * program holding the device) throws `BootloaderOpenError` with its reason.
 */
export async function openDfuBootloader(
  device: UsbDeviceLike,
  protocol: 'dfuse' | 'atmel-dfu',
): Promise<BootloaderConnection> {
  try {
    if (!device.opened) await device.open();
    if (!device.configuration) await device.selectConfiguration(1);
    const dfu = device.configuration?.interfaces.find((i) =>
      i.alternates.some((a) => a.interfaceClass === DFU_CLASS && a.interfaceSubclass === DFU_SUBCLASS),
    );
    const interfaceNumber = dfu?.interfaceNumber ?? 0;
    const flash =
      dfu?.alternates.find((a) => a.interfaceName?.startsWith('@Internal Flash')) ?? dfu?.alternates[0];
    await device.claimInterface(interfaceNumber);
    if (flash && flash.alternateSetting !== 0)
      await device.selectAlternateInterface(interfaceNumber, flash.alternateSetting);
    const common = {
      ids: { vendorId: device.vendorId, productId: device.productId },
      name: device.productName || 'DFU bootloader',
      close: () => device.close().catch(() => undefined),
    };
    if (protocol === 'atmel-dfu') return { protocol, device, ...common };
    return {
      protocol,
      device,
      interfaceNumber,
      layout: flash?.interfaceName ?? null,
      transferSize: await transferSize(device, interfaceNumber),
      ...common,
    };
  } catch (error) {
    await device.close().catch(() => undefined);
    throw new BootloaderOpenError(reasonOf(error));
  }
}

/** wTransferSize from the configuration descriptor; null when the device does not say (the client's default). */
async function transferSize(device: UsbControlDevice, interfaceNumber: number): Promise<number | null> {
  const read = async (length: number) => {
    const reply = await device.controlTransferIn(GET_DESCRIPTOR, length);
    const data = reply.status === 'ok' ? reply.data : undefined;
    return data ? new Uint8Array(data.buffer, data.byteOffset, data.byteLength) : null;
  };
  try {
    const head = await read(9);
    const total = head && configurationLength(head);
    const whole = total ? await read(total) : null;
    return (whole && findDfuFunctional(whole, interfaceNumber)?.transferSize) || null;
  } catch {
    return null;
  }
}
