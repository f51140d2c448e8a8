import { create, fromBinary, toBinary } from '@bufbuild/protobuf';
import { ZmkError } from '../zmk/errors.ts';
import { metaErrorCode } from './metaErrorCode.ts';
import { encodeFrame, FrameDecoder } from './framing.ts';
import {
  RequestSchema,
  ResponseSchema,
  type Notification,
  type RequestResponse,
} from './generated/studio_pb.ts';
import { requestName, type ZmkRequestBody } from './requests.ts';
import { realZmkTimers, type ZmkTimers, type ZmkTransport } from './transport.ts';

/** Silence (no byte of a frame) after which a request counts as unanswered. */
export const ZMK_SILENCE_TIMEOUT_MS = 3000;

/**
 * The most one request may take, however its reply trickles in: the largest real reply (a 32-layer keymap) is
 * tens of kilobytes, a few seconds over Bluetooth's slowest indications (docs/zmk-studio-protocol.md "Limits").
 */
export const ZMK_REQUEST_DEADLINE_MS = 30_000;

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
  /** A request's total time, however its bytes trickle in (ZMK_REQUEST_DEADLINE_MS). */
  deadlineMs?: number;
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
  deadline: unknown;
  /** Bytes outside any frame since the request was sent (line noise, a log line, another device). */
  noise: number;
  /** Bytes of frames since the request was sent. */
  framed: number;
}

/**
 * Talks ZMK Studio RPC over one byte-stream transport (docs/zmk-studio-protocol.md). One request at a time (a
 * FIFO queue), ids from 1, a reply matched by its id — or id 0, which the firmware uses for a subsystem it does
 * not know. Notifications go to listeners whenever they arrive, also between a request and its reply.
 * Notifications are coalesced: those arriving in one chunk of bytes reach listeners once per kind, the last of
 * each (a flood of "unsaved changes" costs one update per chunk, not one per frame), before the chunk's next
 * reply or at its end; a repeated notification is decoded once.
 * Replies to a request that already failed are dropped; frames that do not decode, and responses of a kind
 * this revision does not know, are logged and skipped (newer firmware). A request fails with a ZmkError:
 * 'timeout' after `silenceTimeoutMs` without a byte of a frame (frame bytes still arriving keep it alive: a long
 * keymap over Bluetooth), 'notStudio' when only bytes outside frames came in that time (the wrong port, a log),
 * 'tooSlow' after `deadlineMs` in all however bytes trickle in, 'replyTooLarge' for a frame longer than any
 * reply (framing.ts drops it unkept), 'disconnected', 'writeFailed', 'openFailed', the firmware's meta errors
 * ('unlockRequired', 'notFound', …) or 'unexpectedReply'. A request the firmware answered RPC_NOT_FOUND is remembered:
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
  private readonly deadlineMs: number;
  /** Notifications of the chunk being read, not yet told: the last of each kind. */
  private readonly held = new Map<string, Notification>();
  private lastNotification: { payload: Uint8Array; notification: Notification; kind: string } | null = null;
  /** Frames that were not a Response this revision can read, and responses of unknown kinds. */
  skippedFrames = 0;

  constructor(
    readonly transport: ZmkTransport,
    private readonly options: ZmkRpcClientOptions = {},
  ) {
    this.timers = options.timers ?? realZmkTimers;
    this.now = options.now ?? Date.now;
    this.silenceMs = options.silenceTimeoutMs ?? ZMK_SILENCE_TIMEOUT_MS;
    this.deadlineMs = options.deadlineMs ?? ZMK_REQUEST_DEADLINE_MS;
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
      const pending: Pending = {
        id,
        name,
        body,
        resolve,
        reject,
        timer: null,
        deadline: null,
        noise: 0,
        framed: 0,
      };
      this.pending = pending;
      pending.deadline = this.timers.setTimeout(() => {
        if (this.pending === pending) this.fail(new ZmkError('tooSlow', name));
      }, this.deadlineMs);
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
      if (this.pending !== pending) return;
      // Bytes came, none of them a frame: something else is talking on this port.
      const code = pending.noise > 0 && pending.framed === 0 ? 'notStudio' : 'timeout';
      this.fail(new ZmkError(code, pending.name));
    }, this.silenceMs);
  }

  private fail(error: ZmkError): void {
    const pending = this.pending;
    if (!pending) return;
    this.settle(pending);
    pending.reject(error.request ? error : new ZmkError(error.code, pending.name, error.detail));
  }

  private settle(pending: Pending): void {
    this.pending = null;
    if (pending.timer !== null) this.timers.clearTimeout(pending.timer);
    if (pending.deadline !== null) this.timers.clearTimeout(pending.deadline);
  }

  private received(chunk: Uint8Array): void {
    const { droppedBytes, oversizedFrames } = this.decoder;
    const frames = this.decoder.push(chunk);
    const noise = this.decoder.droppedBytes - droppedBytes;
    const pending = this.pending;
    if (pending) {
      pending.noise += noise;
      pending.framed += chunk.length - noise;
      // A byte of a frame is a sign of life: a long reply arriving in small pieces keeps its request alive
      // (up to its deadline). Noise is not.
      if (noise < chunk.length) this.armTimer();
      if (this.decoder.oversizedFrames > oversizedFrames)
        this.fail(new ZmkError('replyTooLarge', pending.name));
    }
    for (const payload of frames) this.frame(payload);
    this.flush();
  }

  private frame(payload: Uint8Array): void {
    const last = this.lastNotification;
    // A flood repeats one notification: it is decoded once.
    if (last && sameBytes(last.payload, payload)) {
      this.log(payload, 'notification');
      // Already the last of its kind: held (or told) as it is.
      if (this.held.get(last.kind) !== last.notification) this.hold(last.kind, last.notification);
      return;
    }
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
      const subsystem = type.value.subsystem;
      const kind = `${subsystem.case ?? ''}.${subsystem.value?.notificationType.case ?? ''}`;
      this.lastNotification = { payload, notification: type.value, kind };
      this.hold(kind, type.value);
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
    this.settle(pending);
    // What the keyboard said before this reply is told before the reply.
    this.flush();
    pending.resolve(reply);
  }

  private hold(kind: string, notification: Notification): void {
    this.held.delete(kind);
    this.held.set(kind, notification);
  }

  /** Tells listeners the notifications held, the last of each kind. */
  private flush(): void {
    if (this.held.size === 0) return;
    const held = [...this.held.values()];
    this.held.clear();
    for (const notification of held) for (const listener of this.listeners) listener(notification);
  }

  private skip(payload: Uint8Array, note: string): void {
    this.skippedFrames++;
    this.log(payload, note);
  }

  private log(payload: Uint8Array, note: string): void {
    this.options.onLog?.({ time: this.now(), direction: 'in', payload, note });
  }
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}
