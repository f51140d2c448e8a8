import { ByteQueue } from '../transfer/byteQueue.ts';
import { SERIAL_FRAME } from '../transfer/frames.ts';
import type { FaultInjector } from './faults.ts';
import type { Scheduler } from './scheduler.ts';

/** What sits behind a virtual serial port: a keyboard's CDC interface or a bootloader. */
export interface SerialEndpoint {
  readonly vendorId: number;
  readonly productId: number;
  readonly connected: boolean;
  readonly faults: FaultInjector;
  readonly schedule: Scheduler;
  /** The reply to one 64-byte frame, or null when the frame gets none. */
  handleSerialFrame(frame: Uint8Array): Uint8Array | null;
  unplug(): void;
}

const FRAMES_PER_MS = 16;

/**
 * A virtual USB serial (CDC) interface with Web Serial's `SerialPort` surface: open/close, readable/writable
 * streams and getInfo. Written bytes are cut into 64-byte frames for the endpoint; replies are queued on
 * `readable`. A keyboard's port shares its HID device's faults and cable: unplugging errors both streams.
 */
export class VirtualSerialPort extends EventTarget {
  readable: ReadableStream<Uint8Array> | null = null;
  writable: WritableStream<Uint8Array> | null = null;
  private controller: ReadableStreamDefaultController<Uint8Array> | null = null;
  private pending = new ByteQueue();
  private replyCount = 0;
  /** Baud rate the port was opened with (the firmware only speaks 115200, like the vendor's). */
  baudRate = 0;
  /**
   * Paces the port at its baud rate (benches): each byte takes 10 bit times each way (8N1), writes resolve
   * when their frames are out and replies queue behind each other. Off by default (see `write`).
   */
  pacing: { now(): number } | null = null;
  private outFree = 0;
  private inFree = 0;

  constructor(private readonly device: SerialEndpoint) {
    super();
  }

  getInfo(): { usbVendorId: number; usbProductId: number } {
    return { usbVendorId: this.device.vendorId, usbProductId: this.device.productId };
  }

  async open(options: { baudRate: number; bufferSize?: number }): Promise<void> {
    if (!this.device.connected) throw new DOMException('Failed to open serial port.', 'NetworkError');
    if (this.readable) throw new DOMException('The port is already open.', 'InvalidStateError');
    this.baudRate = options.baudRate;
    this.pending.clear();
    this.readable = new ReadableStream<Uint8Array>({
      start: (controller) => {
        this.controller = controller;
      },
    });
    this.writable = new WritableStream<Uint8Array>({
      write: (chunk) => this.write(chunk),
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

  private write(chunk: Uint8Array): void | Promise<void> {
    if (!this.device.connected) throw new DOMException('The device has been lost.', 'NetworkError');
    if (this.pacing) return this.pacedWrite(chunk, this.pacing.now);
    for (const { bytes, delay } of this.replies(chunk)) {
      const deliver = () => this.controller?.enqueue(bytes);
      // USB CDC moves about a kilobyte per millisecond frame whatever the nominal baud rate: replies come at
      // once, with a 1 ms pause every 16 frames, so long transfers take realistic (and visible) time.
      if (delay > 0) this.device.schedule(deliver, delay);
      else if (++this.replyCount % FRAMES_PER_MS === 0) this.device.schedule(deliver, 1);
      else queueMicrotask(deliver);
    }
  }

  /**
   * The firmware's reply to each whole 64-byte frame written so far, after the faults injected for it (a
   * dropped reply is left out; an unplug throws), with the extra delay the faults ask for.
   */
  private *replies(chunk: Uint8Array): Generator<{ bytes: Uint8Array; delay: number }> {
    // A host may write a whole image at once: queued as bytes, read a frame at a time.
    this.pending.push(chunk);
    while (this.pending.length >= SERIAL_FRAME) {
      const frame = this.pending.take(SERIAL_FRAME);
      const fault = this.device.faults.take(frame[0]!, 'serial');
      if (fault?.kind === 'unplug') {
        this.device.unplug();
        throw new DOMException('The device has been lost.', 'NetworkError');
      }
      // A port opened at another speed reads garbage: the firmware never sees a valid frame.
      const reply = this.baudRate === 115200 ? this.device.handleSerialFrame(frame) : null;
      if (reply === null || fault?.kind === 'drop') continue;
      yield {
        bytes: fault ? this.device.faults.alter(fault, reply) : reply,
        delay: this.device.faults.latencyMs + (fault?.kind === 'delay' ? fault.ms : 0),
      };
    }
  }

  private pacedWrite(chunk: Uint8Array, now: () => number): Promise<void> {
    const msPerByte = 10_000 / (this.baudRate || 115200);
    const start = now();
    this.outFree = Math.max(start, this.outFree) + chunk.length * msPerByte;
    const written = this.outFree;
    for (const { bytes, delay } of this.replies(chunk)) {
      this.inFree = Math.max(written + delay, this.inFree) + bytes.length * msPerByte;
      this.device.schedule(() => this.controller?.enqueue(bytes), this.inFree - start);
    }
    return new Promise((resolve) => this.device.schedule(resolve, written - start));
  }

  /** The cable was pulled: reads fail, later writes fail. */
  lost(): void {
    this.controller?.error(new DOMException('The device has been lost.', 'NetworkError'));
    this.controller = null;
  }
}
