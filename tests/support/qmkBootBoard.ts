import type { BootloaderSources } from '../../src/transport/bootloaderFinder.ts';
import { BootloaderFinder } from '../../src/transport/bootloaderFinder.ts';
import type { BootloaderFaults } from '../../src/virtual-keyboard/bootloaders/VirtualFlash.ts';
import type { VirtualKeyboardConfig } from '../../src/virtual-keyboard/config.ts';
import { VirtualHid } from '../../src/virtual-keyboard/VirtualHid.ts';
import type { VirtualHidDevice } from '../../src/virtual-keyboard/VirtualHidDevice.ts';

/** A small QMK VIA board whose firmware jumps to a virtual bootloader (`qmkBootloader`). */
export const QMK_BOARD: VirtualKeyboardConfig = {
  name: 'Split 4',
  vendorId: 0x4b4c,
  productId: 0x0010,
  protocol: 12,
  rows: 2,
  cols: 2,
  layers: 2,
  macroCount: 2,
  macroBufferSize: 64,
  encoders: 0,
  layoutOptionBytes: 1,
  defaultKeymap: [[0x04, 0x05, 0x06, 0x07]],
};

export const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** What the bus of virtual bootloaders offers the finder (the browser's own APIs are absent here). */
export const virtualSources = (hid: VirtualHid): BootloaderSources => ({
  usb: hid.bootBus?.usb ?? null,
  hid: hid.bootBus?.hid ?? null,
  serial: hid.serial ?? null,
  drives: hid.bootBus?.drives ?? null,
});

/** A finder that sees only the virtual bootloaders. */
export const virtualFinder = (hid: VirtualHid) =>
  new BootloaderFinder({ usb: null, hid: null, serial: null, drives: null }, () => virtualSources(hid));

/** Plugs a QMK board for `target` (real timers: the jump, enumeration and restart take ~0.7 s). */
export function qmkBoard(
  target: string,
  faults?: BootloaderFaults,
  config: Partial<VirtualKeyboardConfig> = {},
) {
  const hid = new VirtualHid({ schedule: (fn, ms) => void setTimeout(fn, ms) });
  const device = hid.plugIn({
    ...QMK_BOARD,
    ...config,
    qmkBootloader: target,
    ...(faults && { qmkFaults: faults }),
  });
  return { hid, device, finder: virtualFinder(hid) };
}

/** Whether a bootloader is on the virtual bus. */
export const bootloaderOn = (hid: VirtualHid) =>
  (hid.serial?.connected().length ?? 0) > 0 || (hid.bootBus?.on().length ?? 0) > 0;

/**
 * Sends VIA's bootloader jump (0x0B) and waits until the bootloader is on the bus (its code loads first, which on a
 * busy machine, with another test file importing beside it, takes seconds: the ceiling is the test's own timeout).
 */
export async function jump(device: VirtualHidDevice, hid: VirtualHid): Promise<void> {
  await device.open();
  await device.sendReport(0, Uint8Array.from([0x0b, ...new Array(31).fill(0)]));
  for (let waited = 0; !bootloaderOn(hid); waited += 50) {
    if (waited > 25_000) throw new Error('no bootloader came onto the bus');
    await wait(50);
  }
}

/** Resolves with the board's next HID device once it came back from its bootloader. */
export function backFrom(hid: VirtualHid): Promise<VirtualHidDevice> {
  return new Promise((resolve) =>
    hid.addEventListener(
      'restart',
      (event) => resolve((event as Event & { device: VirtualHidDevice }).device),
      {
        once: true,
      },
    ),
  );
}
