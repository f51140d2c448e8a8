import { ERROR_238, INCORRECT_RESPONSE, NO_REPLY, ViaError } from '../protocol/errors.ts';
import { realTimers, type Timers } from '../protocol/hidDevice.ts';
import type { ViaClient } from '../protocol/viaClient.ts';
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
}

/** Raw HID: the VIA client already queues, checks the echo, retries and maps 238. */
export class HidTransferLink implements TransferLink {
  readonly kind = 'hid';
  readonly chunkSize = HID_CHUNK;

  constructor(private readonly client: ViaClient) {}

  send(command: number, params: readonly number[]): Promise<Uint8Array> {
    return this.client.request(command, params);
  }
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
/** Tries per answered serial frame before a transfer fails (the HID client's MAX_TRIES). */
export const SERIAL_TRIES = 3;

/**
 * Web Serial: opens the port once at 115200 baud, pads every frame to 64 bytes, and reads replies from one
 * long-lived reader into a buffer, so a reply that arrives in pieces (USB CDC splits freely) is reassembled.
 */
export class SerialTransferLink implements TransferLink {
  readonly kind = 'serial';
  readonly chunkSize = SERIAL_CHUNK;
  private buffer: number[] = [];
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
        if (value) this.buffer.push(...value);
        this.waiter?.();
      }
      this.readFailure = new ViaError(NO_REPLY);
    } catch (error) {
      this.readFailure = error instanceof Error ? error : new Error(String(error));
    }
    this.waiter?.();
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
          error instanceof ViaError && (error.message === NO_REPLY || error.message === INCORRECT_RESPONSE);
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
    this.buffer = [];
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

  private readFrame(): Promise<Uint8Array> {
    return new Promise((resolve, reject) => {
      const timer = this.timers.setTimeout(() => {
        this.waiter = null;
        reject(new ViaError(NO_REPLY));
      }, this.timeoutMs);
      const check = () => {
        if (this.buffer.length >= SERIAL_FRAME) {
          this.timers.clearTimeout(timer);
          this.waiter = null;
          resolve(Uint8Array.from(this.buffer.splice(0, SERIAL_FRAME)));
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
