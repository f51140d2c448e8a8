import { encodeFrame, FrameDecoder } from './framing.ts';
import type { ZmkReceiver, ZmkTransport } from './transport.ts';

/** '08 01 1a 02' → bytes (spaces and line breaks ignored). */
export function bytes(text: string): Uint8Array {
  const digits = text.replace(/\s+/g, '');
  if (digits.length % 2 !== 0 || /[^0-9a-f]/i.test(digits)) throw new Error(`Not hex bytes: ${text}`);
  return Uint8Array.from(digits.match(/../g) ?? [], (pair) => parseInt(pair, 16));
}

/** Bytes → '08 01 1a 02'. */
export function hex(data: Uint8Array): string {
  return [...data].map((b) => b.toString(16).padStart(2, '0')).join(' ');
}

/** One expected request payload and the response payloads the keyboard sends for it, in order. */
export interface ScriptedExchange {
  request: string;
  replies: string[];
}

/**
 * A transport that plays a script: each written frame must be the next expected request (its payload, as hex),
 * else the test fails at once; the scripted responses are then framed and delivered in the next task. Writes
 * nobody scripted fail too. `remaining` tells a test whether the whole script ran.
 */
export class ScriptedTransport implements ZmkTransport {
  readonly label = 'scripted';
  private receiver: ZmkReceiver | null = null;
  private readonly decoder = new FrameDecoder();
  readonly written: string[] = [];
  readonly failures: string[] = [];

  constructor(private readonly script: ScriptedExchange[]) {}

  get remaining(): number {
    return this.script.length;
  }

  async open(receiver: ZmkReceiver): Promise<void> {
    this.receiver = receiver;
  }

  async write(data: Uint8Array): Promise<void> {
    for (const payload of this.decoder.push(data)) {
      const request = hex(payload);
      this.written.push(request);
      const next = this.script.shift();
      if (!next || next.request !== request) {
        const failure = `unexpected request ${request}; expected ${next?.request ?? 'none'}`;
        this.failures.push(failure);
        throw new Error(failure);
      }
      const frames = next.replies.map((reply) => encodeFrame(bytes(reply)));
      setTimeout(() => frames.forEach((frame) => this.receiver?.bytes(frame)), 0);
    }
  }

  async close(): Promise<void> {
    this.receiver = null;
  }

  /** Sends a response the keyboard raised by itself (a notification). */
  push(payload: string): void {
    this.receiver?.bytes(encodeFrame(bytes(payload)));
  }
}
