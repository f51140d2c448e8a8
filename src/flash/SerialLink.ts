import { realTimers, type Timers } from '../lib/timers.ts';
import { ByteQueue } from '../transfer/byteQueue.ts';
import type { SerialStreams } from './flashDevices.ts';
import type { FlashStep } from './flashRefusals.ts';
import { disconnected, fail } from './FlashSession.ts';

/**
 * Bytes to and from an opened Web Serial port, for request/reply protocols (AVR109): replies arrive in USB
 * packets of any size, so what is read is queued and taken by count. A read that does not complete in time
 * fails as `noReply`; a stream that errors or ends (the port went away) as `disconnected`.
 */
export class SerialLink {
  private readonly queue = new ByteQueue();
  private readonly reader: ReadableStreamDefaultReader<Uint8Array>;
  private readonly writer: WritableStreamDefaultWriter<Uint8Array>;
  private wake: (() => void) | null = null;
  private ended = false;

  constructor(
    port: SerialStreams,
    private readonly timers: Timers = realTimers,
  ) {
    if (!port.readable || !port.writable) throw new RangeError('The serial port is not open');
    this.reader = port.readable.getReader();
    this.writer = port.writable.getWriter();
    void this.pump();
  }

  private async pump(): Promise<void> {
    try {
      for (;;) {
        const { value, done } = await this.reader.read();
        if (done) break;
        this.queue.push(value);
        this.wake?.();
      }
    } catch {
      // The port was lost; `read` reports it.
    }
    this.ended = true;
    this.wake?.();
  }

  async write(bytes: readonly number[] | Uint8Array, step: FlashStep): Promise<void> {
    if (this.ended) disconnected(step);
    await this.writer.write(Uint8Array.from(bytes)).catch(() => disconnected(step));
  }

  /** Exactly `count` bytes, waiting at most `timeoutMs` for them. */
  async read(count: number, timeoutMs: number, step: FlashStep): Promise<Uint8Array> {
    let timedOut = false;
    const timer = this.timers.setTimeout(() => {
      timedOut = true;
      this.wake?.();
    }, timeoutMs);
    try {
      while (this.queue.length < count) {
        if (this.ended) disconnected(step);
        if (timedOut) fail('noReply', { step });
        await new Promise<void>((resolve) => (this.wake = resolve));
        this.wake = null;
      }
      return this.queue.take(count);
    } finally {
      this.timers.clearTimeout(timer);
    }
  }

  /** Drops bytes nobody asked for (a reply to a command sent before the flash). */
  discard(): void {
    this.queue.clear();
  }

  /** Gives the streams back to the port (so it can be closed). */
  async release(): Promise<void> {
    await this.reader.cancel().catch(() => undefined);
    this.reader.releaseLock();
    this.writer.releaseLock();
  }
}
