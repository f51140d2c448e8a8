import { describe, expect, it } from 'vitest';
import { settle } from '../../tests/support/zmkTestRig.ts';
import { zmkDemoKeyboard } from '../virtual-keyboard/zmk/zmkDemoKeyboard.ts';
import { ZmkCore } from '../zmk-studio/ZmkCore.ts';
import { ZmkKeymap } from '../zmk-studio/ZmkKeymap.ts';
import { ZmkLockGate } from '../zmk-studio/ZmkLockGate.ts';
import { ZmkRpcClient } from '../zmk-studio/ZmkRpcClient.ts';
import {
  bluetoothUnavailable,
  gattZmkTransport,
  requestZmkBluetoothDevice,
  ZMK_STUDIO_SERVICE_UUID,
  type BluetoothLike,
} from './zmkBluetoothTransport.ts';
import {
  grantedZmkPorts,
  requestAnySerialPort,
  serialPortLabel,
  zmkPortsFirst,
} from './zmkSerialTransport.ts';
import type { SerialLike } from './serialProvider.ts';
import type { SerialPortLike } from '../transfer/links.ts';

const port = (usbVendorId?: number, usbProductId?: number): SerialPortLike => ({
  readable: null,
  writable: null,
  open: async () => undefined,
  close: async () => undefined,
  getInfo: () => ({ ...(usbVendorId !== undefined ? { usbVendorId, usbProductId } : {}) }),
});

describe('Web Serial for ZMK', () => {
  it('lists ports with ZMK’s default USB ids first, the others after in order', async () => {
    const other = port(0x2341, 0x0043);
    const zmk = port(0x1d50, 0x615e);
    const bare = port();
    expect(zmkPortsFirst([other, bare, zmk])).toEqual([zmk, other, bare]);
    const serial: SerialLike = {
      getPorts: async () => [other, zmk],
      requestPort: async (options) => {
        expect(options.filters).toEqual([]);
        return bare;
      },
    };
    expect(await grantedZmkPorts(serial)).toEqual([zmk, other]);
    expect(await requestAnySerialPort(serial)).toBe(bare);
    expect(serialPortLabel(zmk)).toBe('USB serial 1d50:615e');
    expect(serialPortLabel(bare)).toBe('USB serial');
  });
});

describe('Web Bluetooth for ZMK', () => {
  it('says why Bluetooth cannot be used, or nothing when it can', async () => {
    expect(await bluetoothUnavailable(null)).toBe('noWebBluetooth');
    const off: BluetoothLike = {
      getAvailability: async () => false,
      requestDevice: async () => ({}) as never,
    };
    expect(await bluetoothUnavailable(off)).toBe('adapterUnavailable');
    expect(await bluetoothUnavailable({ requestDevice: off.requestDevice })).toBeNull();
  });

  it('asks the chooser for ZMK Studio’s service', async () => {
    const keyboard = zmkDemoKeyboard();
    const bluetooth: BluetoothLike = {
      requestDevice: async (options) => {
        expect(options.filters).toEqual([{ services: [ZMK_STUDIO_SERVICE_UUID] }]);
        return keyboard.bluetooth;
      },
    };
    expect(await requestZmkBluetoothDevice(bluetooth)).toBe(keyboard.bluetooth);
  });

  it('talks to the keyboard over indications of at most 20 bytes and writes of at most 20', async () => {
    const keyboard = zmkDemoKeyboard();
    keyboard.firmware.setOutput('ble');
    const characteristic = keyboard.bluetooth.gatt.characteristic;
    const indications: number[] = [];
    characteristic.addEventListener('characteristicvaluechanged', () =>
      indications.push(characteristic.value!.byteLength),
    );
    const writes: number[] = [];
    const write = characteristic.writeValueWithResponse.bind(characteristic);
    characteristic.writeValueWithResponse = (data) => {
      writes.push((data as Uint8Array).byteLength);
      return write(data);
    };
    const client = new ZmkRpcClient(gattZmkTransport(keyboard.bluetooth), { silenceTimeoutMs: 200 });
    const gate = new ZmkLockGate(client);
    expect(await gate.refresh()).toBe('locked');
    keyboard.pressStudioUnlock();
    const keymap = await new ZmkKeymap(gate).keymap();
    expect(keymap.layers.map((l) => l.name)).toEqual(['Base', 'Lower', 'Raise', 'Adjust']);
    // A keymap of four 42-key layers is well over a kilobyte: it came in many small indications.
    expect(indications.length).toBeGreaterThan(50);
    expect(Math.max(...indications)).toBeLessThanOrEqual(20);
    await new ZmkKeymap(gate).setLayerName(1, 'Numbers and arrows', 20);
    expect(writes.length).toBeGreaterThan(2);
    expect(Math.max(...writes)).toBeLessThanOrEqual(20);
    expect(keyboard.firmware.keymap.layerName(1)).toBe('Numbers and arrows');
  });

  it('the link dropping fails the request in flight; the firmware locks', async () => {
    const keyboard = zmkDemoKeyboard({ locking: true });
    keyboard.firmware.setOutput('ble');
    const client = new ZmkRpcClient(gattZmkTransport(keyboard.bluetooth), { silenceTimeoutMs: 200 });
    const core = new ZmkCore(client);
    await core.lockState();
    keyboard.pressStudioUnlock();
    await settle();
    keyboard.faults.dropReplies = 1;
    const pending = core.deviceInfo();
    await settle();
    keyboard.bluetooth.gatt.disconnect();
    await expect(pending).rejects.toMatchObject({ code: 'disconnected' });
    expect(keyboard.firmware.locked).toBe(true);
  });

  it('with output on USB the keyboard ignores Bluetooth writes', async () => {
    const keyboard = zmkDemoKeyboard();
    const core = new ZmkCore(
      new ZmkRpcClient(gattZmkTransport(keyboard.bluetooth), { silenceTimeoutMs: 50 }),
    );
    await expect(core.deviceInfo()).rejects.toMatchObject({ code: 'timeout' });
  });

  it('names the connection by the advertised name without bidi overrides or control characters', () => {
    const keyboard = zmkDemoKeyboard();
    const device = Object.assign(Object.create(keyboard.bluetooth) as typeof keyboard.bluetooth, {
      name: 'evil\u202eexe.txt\n',
    });
    expect(gattZmkTransport(device).label).toBe('Bluetooth: evilexe.txt\u240a');
  });
});
