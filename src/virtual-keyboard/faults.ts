/** A fault to inject into the virtual keyboard's replies (tests, demos of error handling). */
export type Fault =
  | { kind: 'drop' }
  | { kind: 'wrongEcho' }
  | { kind: 'unhandled' }
  | { kind: 'error238' }
  | { kind: 'delay'; ms: number }
  | { kind: 'unplug' };

/**
 * Faults queued for the next replies: each `inject` applies to one reply (or `times` replies), optionally
 * only for one command id, optionally after letting `after` matching requests through (so a test can fail
 * "keymap chunk k" of a bulk write). `latencyMs` delays every reply.
 */
export class FaultInjector {
  latencyMs = 0;
  private pending: { fault: Fault; command?: number; remaining: number; skip: number }[] = [];

  inject(fault: Fault, options: { times?: number; command?: number; after?: number } = {}): void {
    this.pending.push({
      fault,
      remaining: options.times ?? 1,
      skip: options.after ?? 0,
      ...(options.command !== undefined ? { command: options.command } : {}),
    });
  }

  clear(): void {
    this.pending = [];
    this.latencyMs = 0;
  }

  /** The fault for a request with this command id, consuming one use of it. */
  take(command: number): Fault | null {
    const index = this.pending.findIndex((p) => p.command === undefined || p.command === command);
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
  return out;
}
