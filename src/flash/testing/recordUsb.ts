import type { UsbControlDevice, UsbControlSetup } from '../flashDevices.ts';

/** One control transfer as sent: direction, bRequest, wValue, and the bytes out (or the length asked for). */
export interface RecordedTransfer {
  dir: 'in' | 'out';
  request: number;
  value: number;
  data: number[];
  length?: number;
}

/**
 * Wraps a device and records every control transfer a client makes, for byte-for-byte assertions against
 * docs/flashing-protocols.md. Test support, not shipped code (`src/flash/testing/`).
 */
export function recordUsb(device: UsbControlDevice): { device: UsbControlDevice; log: RecordedTransfer[] } {
  const log: RecordedTransfer[] = [];
  const note = (dir: 'in' | 'out', setup: UsbControlSetup, data: number[], length?: number) =>
    log.push({
      dir,
      request: setup.request,
      value: setup.value,
      data,
      ...(length !== undefined ? { length } : {}),
    });
  return {
    log,
    device: {
      controlTransferIn(setup, length) {
        note('in', setup, [], length);
        return device.controlTransferIn(setup, length);
      },
      controlTransferOut(setup, data) {
        note('out', setup, [...(data ?? [])]);
        return device.controlTransferOut(setup, data);
      },
    },
  };
}
