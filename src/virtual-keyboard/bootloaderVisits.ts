import type { BootloaderHost } from './bootloaders/qmkBootloader.ts';
export { restartBoard as restart } from './boardRestart.ts';
import type { Scheduler } from './scheduler.ts';
import { VirtualBootloader } from './VirtualBootloader.ts';
import { VirtualSerial } from './VirtualSerial.ts';
import type { VirtualFirmware } from './VirtualFirmware.ts';
import type { VirtualHidDevice } from './VirtualHidDevice.ts';

/*
 * What comes onto the virtual bus when a board restarts into a bootloader (VirtualHid.visit calls these once the
 * board has left the bus; this code loads with the first visit, not with the first screen).
 */

/** The 2.4G receiver after 'connect to DFU': its serial bootloader, once (a second request finds it there). */
export function receiver(
  host: BootloaderHost,
  firmware: VirtualFirmware,
  _device: VirtualHidDevice,
  schedule: Scheduler,
) {
  const ids = firmware.config.receiverBoot;
  const serial = (host.serial ??= new VirtualSerial());
  if (!ids || serial.connected().some((b) => b.productId === ids.usbProductId)) return;
  serial.add(new VirtualBootloader(ids.usbVendorId, ids.usbProductId, ids.familyId, schedule));
}

/** A QMK board after VIA's bootloader jump: the bootloader its build names (bootloaders/qmkBootloader.ts). */
export function qmk(
  host: BootloaderHost,
  firmware: VirtualFirmware,
  device: VirtualHidDevice,
  schedule: Scheduler,
) {
  if (!firmware.config.qmkBootloader) return;
  void import('./bootloaders/qmkBootloader.ts').then(
    (m) => m.enterBootloader(host, firmware, device, schedule),
    () => undefined,
  );
}
