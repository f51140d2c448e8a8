import { ERROR_238, INCORRECT_RESPONSE, NO_REPLY, ViaError } from '../protocol/errors.ts';
import { realTimers, type Timers } from '../lib/timers.ts';
import type { ExclusivePort, ViaClient } from '../protocol/viaClient.ts';
import { ByteQueue } from './byteQueue.ts';
import { HID_CHUNK, SERIAL_BAUD, SERIAL_CHUNK, SERIAL_FRAME, TRANSFER, TRANSFER_ERROR } from './frames.ts';

/**
 * One way to move transfer frames to a keyboard: raw HID (every frame answered, through the VIA client's
 * queue) or a USB serial port (64-byte frames; data chunks answered only when the keyboard asks for acks).
 */
export interface TransferLink {
  readonly kind: 'hid' | 'serial';
  /** Data bytes per chunk frame. */
  readonly chunkSize: number;
  /** Sends a frame; with `awaitReply` resolves with the keyboard's echoing reply, else with null. */
  send(command: number, params: readonly number[], awaitReply: boolean): Promise<Uint8Array | null>;
  /**
   * Sends one data chunk. `acked`: the board's info reply asked for chunks to be acknowledged. Resolves when
   * the link can take the next chunk (a pipelining link: while earlier ones are still in flight); a refused
   * or failed chunk rejects this call or a later one, at the latest `flush`.
   */
  sendChunk(command: number, params: readonly number[], acked: boolean): Promise<void>;
  /** Resolves when every chunk sent has been acknowledged; rejects with the first failure. */
  flush(): Promise<void>;
}

/** Chunks a raw-HID link keeps in flight when the board acknowledges each one. */
export const HID_WINDOW = 4;

interface InFlight {
  report: Uint8Array<ArrayBuffer>;
  /** Times this chunk has been sent. */
  tries: number;
}

/** Tries per chunk before a lost or garbled reply fails the transfer (as the VIA client does per request). */
const CHUNK_TRIES = 3;

/**
 * Raw HID. Single frames go through the VIA client (queue, echo check, retries, 238). Data chunks of a board
 * that acknowledges them are pipelined: up to `HID_WINDOW` in flight at once in one exclusive session of the
 * client, each reply matched in order against its chunk's echo. At USB full speed (one report each way per
 * 1 ms frame) waiting for each reply halves the throughput (13,000 B/s); a window keeps the link busy both
 * ways (toward 26,000 B/s). A refusal (238) stops the pipeline: what is still in flight is drained, no
 * further chunk is sent, and the failure is thrown. A lost or garbled reply is tried again (3 tries a chunk).
 */
export class HidTransferLink implements TransferLink {
  readonly kind = 'hid';
  readonly chunkSize = HID_CHUNK;
  private queued: InFlight[] = [];
  private inFlight: InFlight[] = [];
  private session: Promise<void> | null = null;
  private pumping = false;
  private failure: Error | null = null;
  private wake: (() => void) | null = null;
  private room: (() => void)[] = [];
  private readonly window: number;
  private readonly timers: Timers;

  constructor(
    private readonly client: ViaClient,
    options: { window?: number; timers?: Timers } = {},
  ) {
    this.window = options.window ?? HID_WINDOW;
    this.timers = options.timers ?? realTimers;
  }

  async send(command: number, params: readonly number[]): Promise<Uint8Array> {
    await this.flush();
    return this.client.request(command, params);
  }

  async sendChunk(command: number, params: readonly number[], acked: boolean): Promise<void> {
    this.throwFailure();
    if (!acked || this.window <= 1) {
      await this.flush();
      const reply = await this.client.request(command, params);
      if (reply[0] === TRANSFER_ERROR) throw refused(command, params, reply);
      return;
    }
    const report = new Uint8Array(32);
    report[0] = command;
    report.set(
      params.map((b) => b & 0xff),
      1,
    );
    this.queued.push({ report, tries: 0 });
    this.wake?.();
    if (!this.pumping) {
      this.pumping = true;
      const session = this.client
        .exclusive((port) => this.pump(port))
        .catch((error: unknown) => {
          // The session never ran (the device would not open): nothing else will take the queued chunks.
          if (this.session === session) this.pumping = false;
          this.fail(error instanceof Error ? error : new ViaError(String(error)));
        })
        .finally(() => {
          if (this.session === session) this.session = null;
        });
      this.session = session;
    }
    while (this.queued.length + this.inFlight.length >= this.window && !this.failure)
      await new Promise<void>((resolve) => this.room.push(resolve));
    this.throwFailure();
  }

  async flush(): Promise<void> {
    while (this.session) await this.session;
    this.throwFailure();
  }

  private throwFailure(): void {
    const failure = this.failure;
    this.failure = null;
    if (failure) throw failure;
  }

  /** Keeps the window full until nothing is queued or in flight (or a reply is bad). */
  private async pump(port: ExclusivePort): Promise<void> {
    try {
      await this.keepWindowFull(port);
    } finally {
      // Synchronously with the last look at the queue: a chunk added after this starts a new session.
      this.pumping = false;
    }
  }

  private async keepWindowFull(port: ExclusivePort): Promise<void> {
    // The reply being waited for; kept across turns so a new chunk can be sent meanwhile without losing it.
    let reply: Promise<Uint8Array | null> | null = null;
    // Set at the first bad reply; the sender may already have thrown (and cleared) the failure by then.
    let stopped = false;
    const stop = (error: Error) => {
      stopped = true;
      this.fail(error);
    };
    // The window opens once a chunk has been acknowledged, and closes to one again after a lost or garbled
    // reply: a board that does not answer costs three tries of one chunk, not a window of them.
    let window = 1;
    for (;;) {
      while (!stopped && this.queued.length > 0 && this.inFlight.length < window) {
        const next = this.queued.shift()!;
        next.tries++;
        this.inFlight.push(next);
        try {
          await port.send(next.report);
        } catch (error) {
          stop(error instanceof Error ? new ViaError(error.message) : new ViaError(String(error)));
        }
      }
      const sent = this.inFlight[0];
      if (!sent) {
        if (stopped) return;
        // The sender adds its next chunk as soon as there is room; give it that turn before ending.
        await this.nextChunkOr(new Promise<void>((resolve) => this.timers.setTimeout(resolve, 0)));
        if (this.queued.length === 0) return;
        continue;
      }
      reply ??= port.next();
      // With room in the window, a chunk queued while waiting goes out at once.
      if (!stopped && this.inFlight.length < window && this.queued.length === 0) {
        const woken = await this.nextChunkOr(reply.then(() => undefined));
        if (woken) continue;
      }
      const received = await reply;
      reply = null;
      this.inFlight.shift();
      this.room.splice(0).forEach((resolve) => resolve());
      if (stopped) continue; // draining what was in flight
      const request = sent.report;
      if (received !== null && received[0] === TRANSFER_ERROR) {
        stop(refused(request[0]!, [...request.subarray(1)], received));
        continue;
      }
      if (received !== null && request.every((b, i) => received[i] === b)) {
        window = this.window;
        continue;
      }
      // Lost or garbled: fail after the last try. Else empty the pipe (until the board is silent, so no late
      // reply is taken for another chunk), then send again this chunk and those after it that no reply
      // acknowledged, one at a time at first. (The board stores chunks by offset.)
      const error =
        received === null
          ? new ViaError(NO_REPLY, { commandBytes: [...request], responseBytes: [] })
          : new ViaError(INCORRECT_RESPONSE, { commandBytes: [...request], responseBytes: [...received] });
      if (sent.tries >= CHUNK_TRIES) {
        stop(error);
        continue;
      }
      const late: Uint8Array[] = [];
      for (let r = await port.next(); r !== null; r = await port.next()) late.push(r);
      const unacknowledged = this.inFlight.filter(
        (c) => !late.some((r) => c.report.every((b, i) => r[i] === b)),
      );
      this.queued = [sent, ...unacknowledged, ...this.queued];
      this.inFlight = [];
      window = 1;
    }
  }

  /** Resolves true when the sender queues a chunk, false when `other` settles first. */
  private nextChunkOr(other: Promise<void>): Promise<boolean> {
    return new Promise<boolean>((resolve) => {
      this.wake = () => resolve(true);
      void other.then(() => resolve(false));
    }).finally(() => (this.wake = null));
  }

  private fail(error: Error): void {
    this.failure ??= error;
    this.queued = [];
    this.room.splice(0).forEach((resolve) => resolve());
  }
}

function refused(command: number, params: readonly number[], reply: Uint8Array): ViaError {
  return new ViaError(ERROR_238, { commandBytes: [command, ...params], responseBytes: [...reply] });
}

/** The part of Web Serial's `SerialPort` a transfer uses (real ports and the virtual keyboard's). */
export interface SerialPortLike {
  readonly readable: ReadableStream<Uint8Array> | null;
  readonly writable: WritableStream<Uint8Array> | null;
  open(options: { baudRate: number; bufferSize?: number }): Promise<void>;
  close(): Promise<void>;
  getInfo(): { usbVendorId?: number; usbProductId?: number };
}

export const SERIAL_REPLY_TIMEOUT_MS = 2000;
/**
 * Bytes the serial link keeps unread: a reply is one 64-byte frame, and a late echo or two may come before it;
 * 16 frames is the port's own buffer (1 KiB). More at once is not a reply (SERIAL_FLOOD).
 */
export const SERIAL_MAX_BUFFERED = 16 * SERIAL_FRAME;
/** The board sent more than SERIAL_MAX_BUFFERED bytes unasked: they are dropped and the frame is tried again. */
export const SERIAL_FLOOD = 'The keyboard sent more bytes at once than a reply holds';
/** Tries per answered serial frame before a transfer fails (the HID client's MAX_TRIES). */
export const SERIAL_TRIES = 3;

/**
 * Web Serial: opens the port once at 115200 baud, pads every frame to 64 bytes, and reads replies from one
 * long-lived reader into a buffer, so a reply that arrives in pieces (USB CDC splits freely) is reassembled.
 */
export class SerialTransferLink implements TransferLink {
  readonly kind = 'serial';
  readonly chunkSize = SERIAL_CHUNK;
  private buffer = new ByteQueue(SERIAL_MAX_BUFFERED);
  /** Bytes dropped since the last exchange began because they overflowed the buffer (0: none). */
  private flooded = 0;
  private waiter: (() => void) | null = null;
  private reader: ReadableStreamDefaultReader<Uint8Array> | null = null;
  private readFailure: Error | null = null;
  private opening: Promise<void> | null = null;

  constructor(
    private readonly port: SerialPortLike,
    private readonly timers: Timers = realTimers,
    private readonly timeoutMs = SERIAL_REPLY_TIMEOUT_MS,
  ) {}

  private open(): Promise<void> {
    this.opening ??= (async () => {
      if (!this.port.readable) await this.port.open({ baudRate: SERIAL_BAUD, bufferSize: 1024 });
      this.reader = this.port.readable!.getReader();
      void this.pump(this.reader);
    })().catch((error: unknown) => {
      this.opening = null;
      throw error;
    });
    return this.opening;
  }

  private async pump(reader: ReadableStreamDefaultReader<Uint8Array>): Promise<void> {
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        if (value) this.receive(value);
        this.waiter?.();
      }
      this.readFailure = new ViaError(NO_REPLY);
    } catch (error) {
      this.readFailure = error instanceof Error ? error : new Error(String(error));
    }
    this.waiter?.();
  }

  /** Keeps a chunk the board sent, unless it would overflow the buffer: then nothing buffered is a reply. */
  private receive(chunk: Uint8Array): void {
    if (this.buffer.length + chunk.length > SERIAL_MAX_BUFFERED) {
      this.flooded += this.buffer.length + chunk.length;
      this.buffer.clear();
    } else this.buffer.push(chunk);
  }

  async send(command: number, params: readonly number[], awaitReply: boolean): Promise<Uint8Array | null> {
    await this.open();
    const frame = new Uint8Array(SERIAL_FRAME);
    frame[0] = command;
    frame.set(
      params.map((b) => b & 0xff),
      1,
    );
    if (!awaitReply) {
      await this.write(frame);
      return null;
    }
    return this.exchangeWithRetries(frame, params.length);
  }

  /**
   * Sends an answered frame up to SERIAL_TRIES times, as the HID client does: a reply that never comes or does
   * not echo the frame is tried again (every transfer frame is safe to repeat — data frames carry their offset,
   * an info frame reopens a transfer nothing was written to yet). 238 and a lost port end it at once.
   */
  private async exchangeWithRetries(frame: Uint8Array, paramCount: number): Promise<Uint8Array> {
    let failure: unknown = null;
    for (let attempt = 1; attempt <= SERIAL_TRIES; attempt++) {
      try {
        return await this.exchange(frame, paramCount);
      } catch (error) {
        const retriable =
          error instanceof ViaError &&
          (error.message === NO_REPLY ||
            error.message === INCORRECT_RESPONSE ||
            error.message === SERIAL_FLOOD);
        if (!retriable || this.readFailure) throw error;
        failure = error;
      }
    }
    const last = failure as ViaError;
    throw new ViaError(last.message, { ...last.details, tries: SERIAL_TRIES });
  }

  private async write(frame: Uint8Array): Promise<void> {
    const writer = this.port.writable!.getWriter();
    try {
      await writer.write(frame);
    } finally {
      writer.releaseLock();
    }
  }

  /** One try: write the frame, read the reply frame, check it. */
  private async exchange(frame: Uint8Array, paramCount: number): Promise<Uint8Array> {
    const command = frame[0]!;
    // Bytes already buffered answer frames nobody waited for (an unacked cancel, a late reply): not this one.
    this.buffer.clear();
    this.flooded = 0;
    await this.write(frame);
    let reply = await this.readFrame();
    // A board may echo a cancel that was sent without waiting; its echo can arrive late.
    while (reply[0] === TRANSFER.CANCEL && command !== TRANSFER.CANCEL) reply = await this.readFrame();
    if (reply[0] === TRANSFER_ERROR)
      throw new ViaError(ERROR_238, { commandBytes: [...frame], responseBytes: [...reply] });
    const echoes =
      reply[0] === command && frame.subarray(1, 1 + paramCount).every((b, i) => reply[i + 1] === b);
    if (!echoes)
      throw new ViaError(INCORRECT_RESPONSE, { commandBytes: [...frame], responseBytes: [...reply] });
    return reply;
  }

  async sendChunk(command: number, params: readonly number[], acked: boolean): Promise<void> {
    const reply = await this.send(command, params, acked);
    if (reply && reply[0] === TRANSFER_ERROR) throw refused(command, params, reply);
  }

  /** Every acknowledged chunk was awaited as it went; unacknowledged ones have nothing to wait for. */
  async flush(): Promise<void> {}

  private readFrame(): Promise<Uint8Array> {
    return new Promise((resolve, reject) => {
      const timer = this.timers.setTimeout(() => {
        this.waiter = null;
        reject(new ViaError(NO_REPLY));
      }, this.timeoutMs);
      const check = () => {
        if (this.flooded > 0) {
          this.timers.clearTimeout(timer);
          this.waiter = null;
          reject(new ViaError(SERIAL_FLOOD, { receivedBytes: this.flooded, maxBytes: SERIAL_MAX_BUFFERED }));
        } else if (this.buffer.length >= SERIAL_FRAME) {
          this.timers.clearTimeout(timer);
          this.waiter = null;
          resolve(this.buffer.take(SERIAL_FRAME));
        } else if (this.readFailure) {
          this.timers.clearTimeout(timer);
          this.waiter = null;
          reject(this.readFailure);
        }
      };
      this.waiter = check;
      check();
    });
  }

  /** Releases the reader and closes the port (device unplugged or deselected). */
  async close(): Promise<void> {
    await this.reader?.cancel().catch(() => undefined);
    this.reader = null;
    this.opening = null;
    await this.port.close().catch(() => undefined);
  }
}
