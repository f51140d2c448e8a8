import type { ZmkPortHost } from './zmkPortHost.ts';

/**
 * The virtual ZMK keyboard's USB serial (CDC ACM) interface with Web Serial's `SerialPort` surface, like the
 * app's other virtual ports (VirtualSerialPort): open/close, readable/writable streams, getInfo. Any baud rate
 * works, as on real CDC. Written bytes go to the keyboard as a stream; what it sends is queued on `readable`
 * while the port is open (and lost while it is closed, as a host that does not read would lose it).
 */
export class VirtualZmkSerialPort extends EventTarget {
  readable: ReadableStream<Uint8Array> | null = null;
  writable: WritableStream<Uint8Array> | null = null;
  private controller: ReadableStreamDefaultController<Uint8Array> | null = null;

  constructor(
    private readonly keyboard: ZmkPortHost,
    private readonly ids: { vendorId: number; productId: number },
  ) {
    super();
  }

  getInfo(): { usbVendorId: number; usbProductId: number } {
    return { usbVendorId: this.ids.vendorId, usbProductId: this.ids.productId };
  }

  async open(_options: { baudRate: number; bufferSize?: number }): Promise<void> {
    if (!this.keyboard.connected) throw new DOMException('Failed to open serial port.', 'NetworkError');
    if (this.readable) throw new DOMException('The port is already open.', 'InvalidStateError');
    this.readable = new ReadableStream<Uint8Array>({
      start: (controller) => {
        this.controller = controller;
      },
    });
    this.writable = new WritableStream<Uint8Array>({
      write: (chunk) => {
        if (!this.keyboard.connected) throw new DOMException('The device has been lost.', 'NetworkError');
        this.keyboard.receive('usb', chunk.slice());
      },
    });
  }

  async close(): Promise<void> {
    try {
      this.controller?.close();
    } catch {
      // Already errored by an unplug.
    }
    this.controller = null;
    this.readable = null;
    this.writable = null;
  }

  /** Bytes from the keyboard. */
  deliver(chunk: Uint8Array): void {
    this.controller?.enqueue(chunk);
  }

  /** The cable was pulled: reads fail, later writes fail. */
  lost(): void {
    this.controller?.error(new DOMException('The device has been lost.', 'NetworkError'));
    this.controller = null;
    this.dispatchEvent(new Event('disconnect'));
  }
}
