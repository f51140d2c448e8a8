import { create, fromBinary, toBinary } from '@bufbuild/protobuf';
import { ZmkError, metaErrorCode } from './errors.ts';
import { encodeFrame, FrameDecoder } from './framing.ts';
import { RequestSchema, ResponseSchema } from './generated/studio_pb.ts';
import type { Notification, RequestResponse } from './generated/studio_pb.ts';
import { requestName, type ZmkRequestBody } from './requests.ts';
import { realZmkTimers, type ZmkTimers, type ZmkTransport } from './transport.ts';

/** Silence (no byte at all) after which a request counts as unanswered. */
export const ZMK_SILENCE_TIMEOUT_MS = 3000;

export interface ZmkLogEntry {
  time: number;
  direction: 'out' | 'in';
  /** The frame's payload (an encoded Request or Response). */
  payload: Uint8Array;
  /** 'keymap.getKeymap', 'notification', 'stale reply', 'undecodable' … */
  note: string;
}

export interface ZmkRpcClientOptions {
  timers?: ZmkTimers;
  now?: () => number;
  silenceTimeoutMs?: number;
  onLog?: (entry: ZmkLogEntry) => void;
}

/** A reply with its subsystem's response checked to be of the subsystem asked. */
export type ZmkReply = RequestResponse;

interface Pending {
  id: number;
  name: string;
  body: ZmkRequestBody;
  resolve(reply: RequestResponse): void;
  reject(error: ZmkError): void;
  timer: unknown;
}

/**
 * Talks ZMK Studio RPC over one byte-stream transport (docs/zmk-studio-protocol.md). One request at a time (a
 * FIFO queue), ids from 1, a reply matched by its id — or id 0, which the firmware uses for a subsystem it does
 * not know. Notifications go to listeners whenever they arrive, also between a request and its reply.
 * Replies to a request that already failed are dropped; frames that do not decode, and responses of a kind
 * this revision does not know, are logged and skipped (newer firmware). A request fails with a ZmkError:
 * 'timeout' after `silenceTimeoutMs` without a byte (bytes still arriving keep it alive: a long keymap over
 * Bluetooth), 'disconnected', 'writeFailed', 'openFailed', the firmware's meta errors ('unlockRequired',
 * 'notFound', …) or 'unexpectedReply'. A request the firmware answered RPC_NOT_FOUND is remembered:
 * `supports(name)` is false from then on, so the app hides that feature.
 */
export class ZmkRpcClient {
  private queue: Promise<unknown> = Promise.resolve();
  private nextId = 1;
  private pending: Pending | null = null;
  private opened: Promise<void> | null = null;
  private lost: ZmkError | null = null;
  private readonly decoder = new FrameDecoder();
  private readonly listeners = new Set<(notification: Notification) => void>();
  private readonly closeListeners = new Set<() => void>();
  private readonly unsupported = new Set<string>();
  private readonly timers: ZmkTimers;
  private readonly now: () => number;
  private readonly silenceMs: number;
  /** Frames that were not a Response this revision can read, and responses of unknown kinds. */
  skippedFrames = 0;

  constructor(
    readonly transport: ZmkTransport,
    private readonly options: ZmkRpcClientOptions = {},
  ) {
    this.timers = options.timers ?? realZmkTimers;
    this.now = options.now ?? Date.now;
    this.silenceMs = options.silenceTimeoutMs ?? ZMK_SILENCE_TIMEOUT_MS;
  }

  /** Listens to every notification; returns the unsubscribe. */
  onNotification(listener: (notification: Notification) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Called once when the connection is lost (not when `close` is asked). */
  onClose(listener: () => void): () => void {
    this.closeListeners.add(listener);
    return () => this.closeListeners.delete(listener);
  }

  /** False once the firmware answered RPC_NOT_FOUND to a request of this name ('keymap.moveLayer'). */
  supports(name: string): boolean {
    return !this.unsupported.has(name);
  }

  /** Sends `body` in its turn and resolves with the reply, or rejects with a ZmkError. */
  request(body: ZmkRequestBody): Promise<ZmkReply> {
    const run = () => this.exchange(body);
    const result = this.queue.then(run, run);
    this.queue = result.catch(() => undefined);
    return result;
  }

  /** Closes the transport; a request in flight fails 'disconnected'. */
  async close(): Promise<void> {
    this.fail(new ZmkError('disconnected'));
    this.lost ??= new ZmkError('disconnected');
    if (this.opened) await this.transport.close().catch(() => undefined);
  }

  private open(): Promise<void> {
    this.opened ??= this.transport
      .open({
        bytes: (chunk) => this.received(chunk),
        closed: () => {
          this.lost = new ZmkError('disconnected');
          this.fail(this.lost);
          for (const listener of this.closeListeners) listener();
        },
      })
      .catch((error: unknown) => {
        this.opened = null;
        throw new ZmkError('openFailed', '', error instanceof Error ? error.message : String(error));
      });
    return this.opened;
  }

  private async exchange(body: ZmkRequestBody): Promise<ZmkReply> {
    const name = requestName(body);
    if (this.lost) throw new ZmkError(this.lost.code, name);
    await this.open();
    const id = this.nextId;
    this.nextId = this.nextId >= 0xffffffff ? 1 : this.nextId + 1;
    const payload = toBinary(RequestSchema, create(RequestSchema, { requestId: id, subsystem: body }));
    const reply = new Promise<RequestResponse>((resolve, reject) => {
      this.pending = { id, name, body, resolve, reject, timer: null };
      this.armTimer();
    });
    this.options.onLog?.({ time: this.now(), direction: 'out', payload, note: name });
    try {
      await this.transport.write(encodeFrame(payload));
    } catch (error) {
      this.fail(new ZmkError('writeFailed', name, error instanceof Error ? error.message : String(error)));
    }
    return this.check(await reply, name, body);
  }

  /** The firmware's meta errors become ZmkErrors; a reply for another subsystem is 'unexpectedReply'. */
  private check(reply: RequestResponse, name: string, body: ZmkRequestBody): ZmkReply {
    const subsystem = reply.subsystem;
    if (subsystem.case === 'meta') {
      const meta = subsystem.value.responseType;
      if (meta.case === 'simpleError') {
        const code = metaErrorCode(meta.value);
        if (code === 'notFound') this.unsupported.add(name);
        throw new ZmkError(code, name);
      }
      if (meta.case === 'noResponse') throw new ZmkError('noResponse', name);
      throw new ZmkError('unexpectedReply', name, 'empty meta response');
    }
    if (subsystem.case !== body.case)
      throw new ZmkError('unexpectedReply', name, `${subsystem.case ?? 'none'}`);
    return reply;
  }

  private armTimer(): void {
    const pending = this.pending;
    if (!pending) return;
    if (pending.timer !== null) this.timers.clearTimeout(pending.timer);
    pending.timer = this.timers.setTimeout(() => {
      if (this.pending === pending) this.fail(new ZmkError('timeout', pending.name));
    }, this.silenceMs);
  }

  private fail(error: ZmkError): void {
    const pending = this.pending;
    if (!pending) return;
    this.pending = null;
    if (pending.timer !== null) this.timers.clearTimeout(pending.timer);
    pending.reject(error.request ? error : new ZmkError(error.code, pending.name, error.detail));
  }

  private received(chunk: Uint8Array): void {
    // Any byte is a sign of life: a long reply arriving in small pieces keeps its request alive.
    this.armTimer();
    for (const payload of this.decoder.push(chunk)) this.frame(payload);
  }

  private frame(payload: Uint8Array): void {
    let response;
    try {
      response = fromBinary(ResponseSchema, payload);
    } catch {
      this.skip(payload, 'undecodable');
      return;
    }
    const type = response.type;
    if (type.case === 'notification') {
      this.log(payload, 'notification');
      for (const listener of this.listeners) listener(type.value);
      return;
    }
    if (type.case !== 'requestResponse') {
      this.skip(payload, 'unknown response');
      return;
    }
    const reply = type.value;
    const pending = this.pending;
    // Id 0 is how the firmware answers a request whose subsystem it does not know (always a meta error).
    const ours =
      pending &&
      (reply.requestId === pending.id || (reply.requestId === 0 && reply.subsystem.case === 'meta'));
    if (!pending || !ours) {
      this.skip(payload, 'stale reply');
      return;
    }
    this.log(payload, pending.name);
    this.pending = null;
    if (pending.timer !== null) this.timers.clearTimeout(pending.timer);
    pending.resolve(reply);
  }

  private skip(payload: Uint8Array, note: string): void {
    this.skippedFrames++;
    this.log(payload, note);
  }

  private log(payload: Uint8Array, note: string): void {
    this.options.onLog?.({ time: this.now(), direction: 'in', payload, note });
  }
}
