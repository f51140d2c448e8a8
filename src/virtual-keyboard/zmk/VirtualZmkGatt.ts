import type { ZmkPortHost } from './zmkPortHost.ts';

/** ZMK Studio's GATT service and its one characteristic (app/src/studio/uuid.h). */
export const ZMK_STUDIO_SERVICE_UUID = '00000000-0196-6107-c967-c5cfb1c2482a';
export const ZMK_STUDIO_RPC_CHARACTERISTIC_UUID = '00000001-0196-6107-c967-c5cfb1c2482a';

/**
 * The RPC characteristic with Web Bluetooth's surface: write (with response: the firmware's characteristic has
 * no write-without-response), indications as 'characteristicvaluechanged' events with `value` set.
 */
export class VirtualZmkCharacteristic extends EventTarget {
  readonly uuid = ZMK_STUDIO_RPC_CHARACTERISTIC_UUID;
  readonly properties = {
    read: true,
    write: true,
    writeWithoutResponse: false,
    notify: false,
    indicate: true,
  };
  value: DataView | null = null;
  notifying = false;

  constructor(private readonly keyboard: ZmkPortHost) {
    super();
  }

  async startNotifications(): Promise<this> {
    this.notifying = true;
    return this;
  }

  async stopNotifications(): Promise<this> {
    this.notifying = false;
    return this;
  }

  async writeValueWithResponse(data: BufferSource): Promise<void> {
    if (!this.keyboard.connected || !this.keyboard.bluetooth.gatt.connected)
      throw new DOMException('GATT Server is disconnected.', 'NetworkError');
    const bytes = ArrayBuffer.isView(data)
      ? new Uint8Array(data.buffer, data.byteOffset, data.byteLength).slice()
      : new Uint8Array(data).slice();
    this.keyboard.receive('ble', bytes);
  }

  async writeValueWithoutResponse(_data: BufferSource): Promise<void> {
    throw new DOMException('GATT operation not permitted.', 'NotSupportedError');
  }

  /** One indication from the keyboard. */
  deliver(chunk: Uint8Array): void {
    if (!this.notifying) return;
    this.value = new DataView(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    this.dispatchEvent(new Event('characteristicvaluechanged'));
  }
}

export class VirtualZmkGattServer {
  connected = false;
  readonly characteristic: VirtualZmkCharacteristic;

  constructor(
    private readonly device: VirtualZmkBluetoothDevice,
    keyboard: ZmkPortHost,
  ) {
    this.characteristic = new VirtualZmkCharacteristic(keyboard);
  }

  async connect(): Promise<this> {
    if (!this.device.keyboard.connected)
      throw new DOMException('Bluetooth device is no longer in range.', 'NetworkError');
    this.connected = true;
    return this;
  }

  /** The host closed the link: the firmware locks (its active profile lost its connection). */
  disconnect(): void {
    if (!this.connected) return;
    this.connected = false;
    this.characteristic.notifying = false;
    if (this.device.keyboard.firmware.output === 'ble') this.device.keyboard.firmware.relock();
    this.device.dispatchEvent(new Event('gattserverdisconnected'));
  }

  async getPrimaryService(uuid: string) {
    if (!this.connected) throw new DOMException('GATT Server is disconnected.', 'NetworkError');
    if (uuid !== ZMK_STUDIO_SERVICE_UUID)
      throw new DOMException('No Services matching UUID found.', 'NotFoundError');
    return {
      uuid,
      getCharacteristic: async (characteristic: string) => {
        if (characteristic !== ZMK_STUDIO_RPC_CHARACTERISTIC_UUID)
          throw new DOMException('No Characteristics matching UUID found.', 'NotFoundError');
        return this.characteristic;
      },
    };
  }
}

/** The keyboard as Web Bluetooth's `BluetoothDevice`. */
export class VirtualZmkBluetoothDevice extends EventTarget {
  readonly id: string;
  readonly gatt: VirtualZmkGattServer;

  constructor(
    readonly keyboard: ZmkPortHost,
    readonly name: string,
  ) {
    super();
    this.id = `virtual-zmk-${name}`;
    this.gatt = new VirtualZmkGattServer(this, keyboard);
  }

  deliver(chunk: Uint8Array): void {
    if (this.gatt.connected) this.gatt.characteristic.deliver(chunk);
  }

  lost(): void {
    this.gatt.disconnect();
  }
}
