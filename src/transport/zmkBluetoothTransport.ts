import { safeName } from '../lib/safeName.ts';
import type { ZmkTransport } from '../zmk-studio/transport.ts';

/** ZMK Studio's GATT service and RPC characteristic (docs/zmk-studio-protocol.md "Bluetooth (GATT)"). */
export const ZMK_STUDIO_SERVICE_UUID = '00000000-0196-6107-c967-c5cfb1c2482a';
export const ZMK_STUDIO_RPC_CHARACTERISTIC_UUID = '00000001-0196-6107-c967-c5cfb1c2482a';

/** Bytes per write: ATT's default MTU (23) less its header, which every link can carry. */
export const ZMK_GATT_WRITE_CHUNK = 20;

/** The parts of Web Bluetooth used here (the DOM library has no Web Bluetooth types). */
export interface GattCharacteristicLike extends EventTarget {
  readonly value: DataView | null | undefined;
  startNotifications(): Promise<unknown>;
  stopNotifications(): Promise<unknown>;
  writeValueWithResponse(data: Uint8Array<ArrayBuffer>): Promise<void>;
}

export interface BluetoothDeviceLike extends EventTarget {
  readonly name?: string | undefined;
  readonly gatt?: {
    readonly connected: boolean;
    connect(): Promise<unknown>;
    disconnect(): void;
    getPrimaryService(
      uuid: string,
    ): Promise<{ getCharacteristic(uuid: string): Promise<GattCharacteristicLike> }>;
  };
}

export interface BluetoothLike {
  getAvailability?(): Promise<boolean>;
  requestDevice(options: {
    filters: { services: string[] }[];
    optionalServices?: string[];
  }): Promise<BluetoothDeviceLike>;
}

/** Why Bluetooth cannot be used here, or null when it can (the UI words each reason). */
export type BluetoothUnavailable = 'noWebBluetooth' | 'adapterUnavailable';

/** `navigator.bluetooth` when the browser has Web Bluetooth (Chromium on desktop, behind HTTPS). */
export function browserBluetooth(): BluetoothLike | null {
  return typeof navigator !== 'undefined' && 'bluetooth' in navigator
    ? ((navigator as { bluetooth?: BluetoothLike }).bluetooth ?? null)
    : null;
}

export async function bluetoothUnavailable(
  bluetooth: BluetoothLike | null,
): Promise<BluetoothUnavailable | null> {
  if (!bluetooth) return 'noWebBluetooth';
  const available = await bluetooth.getAvailability?.().catch(() => true);
  return available === false ? 'adapterUnavailable' : null;
}

/** The browser's chooser, filtered to keyboards offering ZMK Studio's service. */
export function requestZmkBluetoothDevice(bluetooth: BluetoothLike): Promise<BluetoothDeviceLike> {
  return bluetooth.requestDevice({
    filters: [{ services: [ZMK_STUDIO_SERVICE_UUID] }],
    optionalServices: [ZMK_STUDIO_SERVICE_UUID],
  });
}

/**
 * ZMK Studio over Bluetooth: connects the device's GATT server, finds the RPC characteristic, turns its
 * indications on (off first, so a reconnect does not miss them) and passes each indication's bytes on — a reply
 * arrives in many small pieces. Writes go in chunks of at most 20 bytes, each acknowledged (the firmware appends
 * them). The device dropping the link reports the connection closed.
 */
export function gattZmkTransport(device: BluetoothDeviceLike): ZmkTransport {
  let characteristic: GattCharacteristicLike | null = null;
  let detach: () => void = () => undefined;

  return {
    // The name the keyboard advertises is shown before it answers: no bidi or control characters, no longer than
    // Bluetooth allows (248 bytes).
    label: `Bluetooth: ${safeName(device.name ?? 'keyboard').slice(0, 248)}`,
    async open(receiver) {
      const gatt = device.gatt;
      if (!gatt) throw new DOMException('The device has no GATT server.', 'NotSupportedError');
      if (!gatt.connected) await gatt.connect();
      const service = await gatt.getPrimaryService(ZMK_STUDIO_SERVICE_UUID);
      const found = await service.getCharacteristic(ZMK_STUDIO_RPC_CHARACTERISTIC_UUID);
      const onValue = () => {
        const value = found.value;
        if (value) receiver.bytes(new Uint8Array(value.buffer, value.byteOffset, value.byteLength).slice());
      };
      const onDisconnect = () => {
        detach();
        receiver.closed();
      };
      found.addEventListener('characteristicvaluechanged', onValue);
      device.addEventListener('gattserverdisconnected', onDisconnect);
      detach = () => {
        found.removeEventListener('characteristicvaluechanged', onValue);
        device.removeEventListener('gattserverdisconnected', onDisconnect);
      };
      await found.stopNotifications().catch(() => undefined);
      await found.startNotifications();
      characteristic = found;
    },
    async write(bytes) {
      if (!characteristic) throw new DOMException('Not connected.', 'InvalidStateError');
      for (let at = 0; at < bytes.length; at += ZMK_GATT_WRITE_CHUNK)
        await characteristic.writeValueWithResponse(bytes.slice(at, at + ZMK_GATT_WRITE_CHUNK));
    },
    async close() {
      detach();
      await characteristic?.stopNotifications().catch(() => undefined);
      characteristic = null;
      device.gatt?.disconnect();
    },
  };
}
