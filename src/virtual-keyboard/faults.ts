/** A fault to inject into the virtual keyboard's replies (tests, demos of error handling). */
export type Fault =
  | { kind: 'drop' }
  | { kind: 'wrongEcho' }
  | { kind: 'unhandled' }
  | { kind: 'error238' }
  | { kind: 'delay'; ms: number }
  | { kind: 'unplug' }
  /** Overwrites reply bytes from `offset` (e.g. offset 1, [0xff, 0xff]: protocol version −1). */
  | { kind: 'overwrite'; offset: number; bytes: number[] };

/** Which interface a fault applies to: the raw-HID reports, the serial (CDC) frames, or both. */
export type FaultLink = 'hid' | 'serial';

export interface FaultOptions {
  /** How many replies it applies to (1 by default); 'always' until `clear()` (a board that went silent). */
  times?: number | 'always';
  /** Only requests with this command id. */
  command?: number;
  /** Only this interface; both by default. */
  link?: FaultLink;
  /** Let this many matching requests through first (so a test can fail "keymap chunk k" of a bulk write). */
  after?: number;
}

/**
 * Faults queued for the next replies: each `inject` applies to one reply (or `times` replies, or every one),
 * optionally only for one command id or one interface, optionally after letting `after` matching requests
 * through. `latencyMs` delays every reply.
 */
export class FaultInjector {
  latencyMs = 0;
  /** The device refuses to open, as a hidraw node without permission does on Linux. */
  refuseOpen = false;
  private pending: { fault: Fault; command?: number; link?: FaultLink; remaining: number; skip: number }[] =
    [];

  inject(fault: Fault, options: FaultOptions = {}): void {
    const times = options.times ?? 1;
    this.pending.push({
      fault,
      remaining: times === 'always' ? Infinity : times,
      skip: options.after ?? 0,
      ...(options.command !== undefined ? { command: options.command } : {}),
      ...(options.link !== undefined ? { link: options.link } : {}),
    });
  }

  clear(): void {
    this.pending = [];
    this.latencyMs = 0;
    this.refuseOpen = false;
  }

  /** The fault for a request with this command id on this interface, consuming one use of it. */
  take(command: number, link: FaultLink = 'hid'): Fault | null {
    const index = this.pending.findIndex(
      (p) => (p.command === undefined || p.command === command) && (p.link === undefined || p.link === link),
    );
    if (index < 0) return null;
    const entry = this.pending[index]!;
    if (entry.skip > 0) {
      entry.skip--;
      return null;
    }
    if (--entry.remaining <= 0) this.pending.splice(index, 1);
    return entry.fault;
  }
}

/** Applies a reply-altering fault to a firmware reply (drop, delay and unplug are handled by the device). */
export function alterReply(fault: Fault, reply: Uint8Array): Uint8Array {
  const out = reply.slice();
  if (fault.kind === 'wrongEcho') out[1] = (out[1]! + 1) & 0xff;
  if (fault.kind === 'unhandled') out[0] = 0xff;
  if (fault.kind === 'error238') out[0] = 238;
  if (fault.kind === 'overwrite')
    fault.bytes.forEach((b, i) => {
      if (fault.offset + i < out.length) out[fault.offset + i] = b & 0xff;
    });
  return out;
}
