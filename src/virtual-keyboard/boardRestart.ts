import { RESTART_MS, type Scheduler } from './scheduler.ts';
import type { VirtualFirmware } from './VirtualFirmware.ts';
import type { VirtualHidDevice } from './VirtualHidDevice.ts';

/** What a restart needs of the `navigator.hid` stand-in (VirtualHid) the board is plugged into. */
export interface RestartHost extends EventTarget {
  attach(firmware: VirtualFirmware): VirtualHidDevice;
}

/**
 * The board restarts (after a firmware update, or leaving its bootloader): it leaves the bus now and comes back
 * RESTART_MS later as a new device, announced with a 'restart' event naming both (DeviceRuntime keeps it the same
 * remembered keyboard).
 */
export function restartBoard(
  host: RestartHost,
  firmware: VirtualFirmware,
  previous: VirtualHidDevice,
  schedule: Scheduler,
): void {
  previous.unplug();
  schedule(() => {
    const device = host.attach(firmware);
    host.dispatchEvent(Object.assign(new Event('restart'), { device, previous }));
  }, RESTART_MS);
}
