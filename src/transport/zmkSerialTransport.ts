import type { SerialPortLike } from '../transfer/links.ts';
import type { ZmkReceiver, ZmkTransport } from '../zmk-studio/transport.ts';
import type { SerialLike } from './serialProvider.ts';

/** ZMK's default USB ids (app/Kconfig); a board may change them, so any port stays selectable. */
export const ZMK_USB_IDS = { vendorId: 0x1d50, productId: 0x615e } as const;

/** CDC ACM ignores the line settings; any rate works (docs/zmk-studio-protocol.md "Transports"). */
const BAUD_RATE = 115200;

function isZmkDefault(port: SerialPortLike): boolean {
  const info = port.getInfo();
  return info.usbVendorId === ZMK_USB_IDS.vendorId && info.usbProductId === ZMK_USB_IDS.productId;
}

/** Granted ports with ZMK's default USB ids first, the rest after in their order. */
export function zmkPortsFirst<T extends SerialPortLike>(ports: readonly T[]): T[] {
  return [...ports.filter(isZmkDefault), ...ports.filter((p) => !isZmkDefault(p))];
}

/** 'USB serial 1d50:615e' (or 'USB serial' for a port without USB ids). */
export function serialPortLabel(port: SerialPortLike): string {
  const { usbVendorId, usbProductId } = port.getInfo();
  const hex = (n: number) => n.toString(16).padStart(4, '0');
  return usbVendorId === undefined || usbProductId === undefined
    ? 'USB serial'
    : `USB serial ${hex(usbVendorId)}:${hex(usbProductId)}`;
}

/**
 * ZMK Studio over a Web Serial port (real, or the virtual ZMK keyboard's): opens it (unless already open),
 * reads with one long-lived reader, writes each request whole. A read that fails (cable pulled) reports the
 * connection closed; `close` cancels the reader and closes the port.
 */
export function serialZmkTransport(port: SerialPortLike, label = serialPortLabel(port)): ZmkTransport {
  let reader: ReadableStreamDefaultReader<Uint8Array> | null = null;
  let closing = false;

  async function pump(
    receiver: ZmkReceiver,
    current: ReadableStreamDefaultReader<Uint8Array>,
  ): Promise<void> {
    try {
      for (;;) {
        const { done, value } = await current.read();
        if (done) break;
        if (value) receiver.bytes(value);
      }
      if (!closing) receiver.closed();
    } catch (error) {
      if (!closing) receiver.closed(error);
    }
  }

  return {
    label,
    async open(receiver) {
      closing = false;
      if (!port.readable) await port.open({ baudRate: BAUD_RATE });
      reader = port.readable!.getReader();
      void pump(receiver, reader);
    },
    async write(bytes) {
      const writable = port.writable;
      if (!writable) throw new DOMException('The port is closed.', 'InvalidStateError');
      const writer = writable.getWriter();
      try {
        await writer.write(bytes);
      } finally {
        writer.releaseLock();
      }
    },
    async close() {
      closing = true;
      await reader?.cancel().catch(() => undefined);
      reader?.releaseLock();
      reader = null;
      await port.close().catch(() => undefined);
    },
  };
}

/** Ports this site may already open, ZMK's default ids first (the list a connect dialog offers). */
export async function grantedZmkPorts(serial: SerialLike): Promise<SerialPortLike[]> {
  return zmkPortsFirst(await serial.getPorts());
}

/** The browser's port chooser with no filter: the user may pick any serial port (a board with its own ids). */
export function requestAnySerialPort(serial: SerialLike): Promise<SerialPortLike> {
  return serial.requestPort({ filters: [] });
}
