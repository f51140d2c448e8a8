import { ACTUATION_COMMANDS, CMD, commandName, REPORT_LENGTH } from './commands.ts';
import {
  DEVICE_DISCONNECTED,
  ERROR_238,
  INCORRECT_RESPONSE,
  NO_REPLY,
  UNSUPPORTED_BY_FIRMWARE,
  ViaError,
} from './errors.ts';
import type { HidDeviceLike, HidInputReport } from './hidDevice.ts';
import { realTimers, type Timers } from '../lib/timers.ts';

/** Custom-menu commands whose first parameter is 66 accept a 255 reply as "empty" (core.md §7). */
const CUSTOM_MENU_COMMANDS: ReadonlySet<number> = new Set([
  CMD.CUSTOM_SET_VALUE,
  CMD.CUSTOM_GET_VALUE,
  CMD.CUSTOM_SAVE,
]);
const EMPTY_REPLY_CHANNEL = 66;
const DEVICE_ERROR_BYTE = 238;

export const MAX_TRIES = 3;
export const DEFAULT_REPLY_TIMEOUT_MS = 500;

export interface LogEntry {
  /** Milliseconds since the epoch. */
  time: number;
  direction: 'out' | 'in';
  bytes: number[];
}

/** Details of a failed command, for the Errors page (core.md §8 "keyboard API error"). */
export interface ApiErrorReport {
  message: string;
  commandName: string;
  commandBytes: number[];
  responseBytes: number[];
  device: { vendorId: number; productId: number; productName: string };
}

/** Raw access to the device during `ViaClient.exclusive`: reports out, replies in arrival order. */
export interface ExclusivePort {
  send(report: Uint8Array<ArrayBuffer>): Promise<void>;
  next(): Promise<Uint8Array | null>;
}

export interface ViaClientOptions {
  timers?: Timers;
  now?: () => number;
  replyTimeoutMs?: number;
  /** Called once per failed command with everything needed to diagnose it. */
  onApiError?: (report: ApiErrorReport) => void;
  /** Receives every report sent and received, for the command log. */
  onLog?: (entry: LogEntry) => void;
}

/**
 * Talks VIA to one device: builds 32-byte reports, sends one at a time (a FIFO queue, so replies never
 * interleave), checks that each reply echoes its request, retries up to 3 times, and gives up on a silent
 * device after a timeout so its queue never stalls. Byte 0 = 0xFF means "unsupported by this firmware" and
 * is not retried; any other mismatch is a desynchronised reply.
 */
export class ViaClient {
  private queue: Promise<unknown> = Promise.resolve();
  /** Replies collected in arrival order while an exclusive session (`exclusive`) runs. */
  private inbox: Uint8Array[] | null = null;
  private inboxWaiter: (() => void) | null = null;
  private waiter: ((report: Uint8Array) => void) | null = null;
  private readonly timers: Timers;
  private readonly now: () => number;
  private readonly timeoutMs: number;
  private readonly listener = (raw: Event) => {
    const event = raw as unknown as HidInputReport;
    const bytes = new Uint8Array(event.data.buffer, event.data.byteOffset, event.data.byteLength).slice(
      0,
      REPORT_LENGTH,
    );
    this.options.onLog?.({ time: this.now(), direction: 'in', bytes: [...bytes] });
    if (this.inbox) {
      this.inbox.push(bytes);
      this.inboxWaiter?.();
      return;
    }
    // Reports nobody waits for (late replies to a timed-out try, unsolicited reports) are dropped.
    const waiter = this.waiter;
    this.waiter = null;
    waiter?.(bytes);
  };

  constructor(
    readonly device: HidDeviceLike,
    private readonly options: ViaClientOptions = {},
  ) {
    this.timers = options.timers ?? realTimers;
    this.now = options.now ?? Date.now;
    this.timeoutMs = options.replyTimeoutMs ?? DEFAULT_REPLY_TIMEOUT_MS;
    device.addEventListener('inputreport', this.listener);
  }

  /** Stops listening; queued commands still settle. */
  dispose(): void {
    this.device.removeEventListener('inputreport', this.listener);
  }

  /**
   * Sends `command` with `params` and resolves with the whole 32-byte reply once it echoes them.
   * Rejects with a ViaError: 'Receiving incorrect response for command', 'Command unsupported by this
   * firmware', 'Error: 238' or 'No reply from the keyboard'.
   */
  request(command: number, params: readonly number[] = []): Promise<Uint8Array> {
    if (params.length > REPORT_LENGTH - 1)
      throw new RangeError(`A report holds at most ${REPORT_LENGTH - 1} parameter bytes`);
    const run = () => this.exchange(command, params);
    const result = this.queue.then(run, run);
    this.queue = result.catch(() => undefined);
    return result;
  }

  /**
   * Runs `session` with the device to itself, in its turn in the queue: it sends raw reports and reads the
   * replies in arrival order, so it can keep several requests in flight (bulk transfers). Requests asked for
   * meanwhile wait behind it. Echo checks, retries and errors are the session's own business.
   */
  exclusive<T>(session: (port: ExclusivePort) => Promise<T>): Promise<T> {
    const run = async () => {
      if (!this.device.opened) await this.device.open();
      this.inbox = [];
      try {
        return await session({
          send: (report) => {
            this.options.onLog?.({ time: this.now(), direction: 'out', bytes: [...report] });
            return this.device.sendReport(0, report);
          },
          next: () => this.nextInbox(),
        });
      } finally {
        this.inbox = null;
        this.inboxWaiter = null;
      }
    };
    const result = this.queue.then(run, run);
    this.queue = result.catch(() => undefined);
    return result;
  }

  /** The next reply of an exclusive session, or null when none comes within the reply timeout. */
  private nextInbox(): Promise<Uint8Array | null> {
    return new Promise((resolve) => {
      const take = () => {
        const reply = this.inbox?.shift();
        if (!reply) return false;
        this.timers.clearTimeout(timer);
        this.inboxWaiter = null;
        resolve(reply);
        return true;
      };
      const timer = this.timers.setTimeout(() => {
        this.inboxWaiter = null;
        resolve(null);
      }, this.timeoutMs);
      if (!take()) this.inboxWaiter = () => void take();
    });
  }

  /**
   * This client seen through a guard: `check` runs as each request is asked for and may throw to stop a
   * sequence of requests between two of them (a keyboard load superseded by another one). Shares the queue.
   */
  guarded(check: () => void): ViaClient {
    const view = Object.create(this) as ViaClient;
    view.request = (command, params) => {
      check();
      return this.request(command, params);
    };
    view.requestRaw = (bytes, accept, tries, timeoutMs) => {
      check();
      return this.requestRaw(bytes, accept, tries, timeoutMs);
    };
    return view;
  }

  /**
   * Sends a report whose reply does not echo it (Vial's 0xFE commands overwrite the buffer from byte 0), queued
   * with every other request. `accept` checks the reply's shape; a reply it refuses, or none, is tried again (3
   * tries), then rejects with 'Receiving incorrect response for command' or 'No reply from the keyboard'.
   * `timeoutMs` shortens the wait for a question most devices answer at once or never (Keychron's 0xA0).
   */
  requestRaw(
    bytes: readonly number[],
    accept: (reply: Uint8Array) => boolean = () => true,
    tries = MAX_TRIES,
    timeoutMs = this.timeoutMs,
  ): Promise<Uint8Array> {
    if (bytes.length === 0 || bytes.length > REPORT_LENGTH)
      throw new RangeError(`A report holds 1 to ${REPORT_LENGTH} bytes`);
    const run = () => this.exchangeRaw(bytes, accept, tries, timeoutMs);
    const result = this.queue.then(run, run);
    this.queue = result.catch(() => undefined);
    return result;
  }

  private async exchangeRaw(
    bytes: readonly number[],
    accept: (reply: Uint8Array) => boolean,
    tries: number,
    timeoutMs: number,
  ): Promise<Uint8Array> {
    const request = new Uint8Array(REPORT_LENGTH);
    request.set(bytes.map((b) => b & 0xff));
    if (!this.device.opened) await this.device.open();
    let last: Uint8Array | null = null;
    for (let attempt = 1; attempt <= tries; attempt++) {
      const reply = await this.sendAndWait(request, timeoutMs);
      if (reply === null) continue;
      last = reply;
      if (accept(reply)) return reply;
    }
    throw this.fail(last === null ? NO_REPLY : INCORRECT_RESPONSE, request, last ?? new Uint8Array());
  }

  private async exchange(command: number, params: readonly number[]): Promise<Uint8Array> {
    const request = new Uint8Array(REPORT_LENGTH);
    request[0] = command;
    request.set(
      params.map((b) => b & 0xff),
      1,
    );
    const prefix = [command, ...params.map((b) => b & 0xff)];
    if (!this.device.opened) await this.device.open();
    let last: Uint8Array | null = null;
    for (let attempt = 1; attempt <= MAX_TRIES; attempt++) {
      const reply = await this.sendAndWait(request);
      last = reply;
      if (reply === null) continue;
      const echoesParams = prefix.slice(1).every((b, i) => reply[i + 1] === b);
      if (reply[0] === CMD.UNHANDLED && echoesParams && this.acceptsEmptyReply(command, params)) return reply;
      if (reply[0] === DEVICE_ERROR_BYTE) throw this.fail(ERROR_238, request, reply);
      if (reply[0] === CMD.UNHANDLED && echoesParams)
        throw this.fail(UNSUPPORTED_BY_FIRMWARE, request, reply);
      if (reply[0] === command && echoesParams) return reply;
    }
    throw this.fail(last === null ? NO_REPLY : INCORRECT_RESPONSE, request, last ?? new Uint8Array());
  }

  private acceptsEmptyReply(command: number, params: readonly number[]): boolean {
    return (
      (CUSTOM_MENU_COMMANDS.has(command) && params[0] === EMPTY_REPLY_CHANNEL) ||
      ACTUATION_COMMANDS.has(command)
    );
  }

  private sendAndWait(
    request: Uint8Array<ArrayBuffer>,
    timeoutMs = this.timeoutMs,
  ): Promise<Uint8Array | null> {
    return new Promise((resolve, reject) => {
      const timer = this.timers.setTimeout(() => {
        this.waiter = null;
        resolve(null);
      }, timeoutMs);
      this.waiter = (reply) => {
        this.timers.clearTimeout(timer);
        resolve(reply);
      };
      this.options.onLog?.({ time: this.now(), direction: 'out', bytes: [...request] });
      this.device.sendReport(0, request).catch((error: unknown) => {
        this.timers.clearTimeout(timer);
        this.waiter = null;
        // A device that closed under the write left the bus (unplugged): say that, not the browser's words.
        const message = error instanceof Error ? error.message : String(error);
        reject(new ViaError(this.device.opened ? message : DEVICE_DISCONNECTED));
      });
    });
  }

  private fail(message: string, request: Uint8Array, reply: Uint8Array): ViaError {
    const { vendorId, productId, productName } = this.device;
    const report: ApiErrorReport = {
      message,
      commandName: commandName(request[0]!),
      commandBytes: [...request],
      responseBytes: [...reply],
      device: { vendorId, productId, productName },
    };
    this.options.onApiError?.(report);
    return new ViaError(message, { ...report });
  }
}
