import { SerialProvider } from '../transport/serialProvider.ts';
import { VirtualHidDevice, type VirtualHid } from '../virtual-keyboard/index.ts';

/**
 * The app's serial ports: the browser's, a virtual keyboard's (its port, and the code behind it, made when the app
 * first asks for it) and the virtual bootloaders'. Loaded with the first bulk transfer (`OnDemandBulkTransfers`).
 */
export function appSerial(virtualHid: VirtualHid): SerialProvider {
  return new SerialProvider(
    SerialProvider.browserSerial(),
    (device) => (device instanceof VirtualHidDevice ? device.serialPort() : null),
    () => virtualHid.serial,
  );
}
