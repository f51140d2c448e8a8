import type { StoreApi } from 'zustand/vanilla';
import { arrayOf, int, nullable, object, recordOf, string } from '../formats/shape.ts';
import type { KeyValueStorage } from '../state/storage.ts';
import { readStored, type ReportBadValue } from '../state/storedValue.ts';
import { readPlugged, writePlugged } from '../state/virtualKeyboards.ts';
import {
  createZmkKeyboards,
  type ZmkConnectResult,
  type ZmkConnectionKind,
  type ZmkKeyboardsState,
} from '../state/zmkKeyboards.ts';
import type { SerialPortLike } from '../transfer/links.ts';
import {
  bluetoothUnavailable,
  browserBluetooth,
  gattZmkTransport,
  requestZmkBluetoothDevice,
} from '../transport/zmkBluetoothTransport.ts';
import { serialZmkTransport, ZMK_USB_IDS, zmkPortsFirst } from '../transport/zmkSerialTransport.ts';
import { zmkFamily } from '../families/zmkFamily.ts';
import type { ZmkSavedSettings } from '../virtual-keyboard/zmk/ZmkKeymapModel.ts';

const SETTINGS_PREFIX = 'keyloom-zmk-settings:';

/** What a virtual ZMK keyboard saved (its "flash"), as stored: checked before the model sees it. */
const readSettings = object({
  bindings: recordOf(arrayOf(int(-0x80000000, 0xffffffff), { min: 3, max: 3 })),
  layerOrder: nullable(arrayOf(int(0, 0xff), { max: 64 })),
  layerNames: recordOf(string({ max: 64 })),
  selectedLayout: nullable(int(0, 64)),
});

interface SerialLike {
  getPorts(): Promise<SerialPortLike[]>;
  requestPort(options: { filters: { usbVendorId: number; usbProductId: number }[] }): Promise<SerialPortLike>;
}

function browserSerial(): SerialLike | null {
  return typeof navigator !== 'undefined' && 'serial' in navigator && navigator.serial
    ? (navigator.serial as unknown as SerialLike)
    : null;
}

const domName = (error: unknown) => (error instanceof DOMException ? error.name : '');

/**
 * The browser's ways to a ZMK keyboard (docs/zmk-studio-protocol.md "Transports"): Web Serial — a granted port
 * with ZMK's USB ids first, else the chooser filtered to them, or to every port when asked — Web Bluetooth with
 * ZMK Studio's service, and the virtual keyboards (their saved settings kept in storage across reloads).
 */
export function createBrowserZmkKeyboards(
  storage: KeyValueStorage,
  report: ReportBadValue,
): StoreApi<ZmkKeyboardsState> {
  // A virtual keyboard plugged in comes back after a reload, like the others (state/virtualKeyboards.ts).
  const remember = (id: string, plugged: boolean) => {
    const ids = (readPlugged(storage, report) ?? []).filter((x) => x !== id);
    writePlugged(storage, plugged ? [...ids, id] : ids);
  };
  /** Ports in use here: a second 'connect' does not take one again without asking. */
  const open = new Set<SerialPortLike>();

  /** A demo of the ZMK family, with what it saved in an earlier visit (checked before the model sees it). */
  async function virtual(id: string | undefined): Promise<ZmkConnectResult> {
    if (!id || !zmkFamily.demos.ids.includes(id))
      return { ok: false, problem: 'cancelled', detail: `Unknown virtual keyboard '${id}'` };
    const make = await zmkFamily.demos.config();
    const key = SETTINGS_PREFIX + id;
    const settings = readStored(storage, key, readSettings, report) as ZmkSavedSettings | null;
    const demo = make({
      settings,
      onSaved: (saved) => {
        try {
          storage.setItem(key, JSON.stringify(saved));
        } catch {
          // Full or blocked storage: the keyboard keeps its settings until the page closes.
        }
      },
    });
    remember(id, true);
    return { ok: true, virtualId: id, ...demo };
  }

  async function serial(any: boolean): Promise<ZmkConnectResult> {
    const api = browserSerial();
    if (!api) return { ok: false, problem: 'noWebSerial' };
    let port: SerialPortLike | undefined;
    if (!any) port = zmkPortsFirst(await api.getPorts()).find((p) => !open.has(p) && isZmkPort(p));
    if (!port) {
      try {
        port = await api.requestPort({ filters: any ? [] : [{ ...usbFilter }] });
      } catch (error) {
        return domName(error) === 'SecurityError'
          ? { ok: false, problem: 'notSecure' }
          : { ok: false, problem: 'cancelled' };
      }
    }
    open.add(port);
    const transport = serialZmkTransport(port);
    const chosen = port;
    return {
      ok: true,
      transport: {
        ...transport,
        close: async () => {
          open.delete(chosen);
          await transport.close();
        },
      },
    };
  }

  async function bluetooth(): Promise<ZmkConnectResult> {
    const api = browserBluetooth();
    const unavailable = await bluetoothUnavailable(api);
    if (unavailable || !api)
      return { ok: false, problem: unavailable === 'adapterUnavailable' ? 'bluetoothOff' : 'noWebBluetooth' };
    try {
      return { ok: true, transport: gattZmkTransport(await requestZmkBluetoothDevice(api)) };
    } catch (error) {
      const name = domName(error);
      if (name === 'SecurityError') return { ok: false, problem: 'notSecure' };
      if (name === 'NotFoundError') return { ok: false, problem: 'cancelled' };
      return { ok: false, problem: 'bluetoothOff', detail: error instanceof Error ? error.message : '' };
    }
  }

  return createZmkKeyboards({
    find: (kind: ZmkConnectionKind, choice?: string) =>
      kind === 'virtual' ? virtual(choice) : kind === 'serial' ? serial(choice === 'any') : bluetooth(),
    logError: report,
    onRemoved: (entry) => {
      if (entry.virtualId) remember(entry.virtualId, false);
    },
  });
}

const usbFilter = { usbVendorId: ZMK_USB_IDS.vendorId, usbProductId: ZMK_USB_IDS.productId };

function isZmkPort(port: SerialPortLike): boolean {
  const info = port.getInfo();
  return info.usbVendorId === ZMK_USB_IDS.vendorId && info.usbProductId === ZMK_USB_IDS.productId;
}
