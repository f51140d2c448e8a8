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

/** A queued fault (`inject`, faultInjection.ts) with what it applies to and how many more times. */
export interface PendingFault {
  fault: Fault;
  command?: number;
  link?: FaultLink;
  remaining: number;
  skip: number;
}

/**
 * Faults queued for the next replies: each `inject` applies to one reply (or `times` replies, or every one),
 * optionally only for one command id or one interface, optionally after letting `after` matching requests
 * through. `latencyMs` delays every reply.
 *
 * Only tests and automation inject faults, so `inject`, `clear` and `alter` are faultInjection.ts's, installed
 * on this class when that module loads (issue 43: not on the first screen). Code that injects imports it (the
 * unit tests' setup does, `tests/support/faultInjection.ts`); the page's automation awaits
 * `VirtualHidDevice.loadFaultInjection()` first. With nothing injected, `take` answers null without them.
 */
// The class and the interface of the same name are one type: the interface names the methods
// faultInjection.ts puts on the prototype.
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging
export class FaultInjector {
  latencyMs = 0;
  /** The device refuses to open, as a hidraw node without permission does on Linux. */
  refuseOpen = false;
  pending: PendingFault[] = [];

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

// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging
export interface FaultInjector {
  inject(fault: Fault, options?: FaultOptions): void;
  /** Drops every queued fault, the latency and the refusal to open. */
  clear(): void;
  /** Applies a reply-altering fault to a firmware reply (drop, delay and unplug are handled by the device). */
  alter(fault: Fault, reply: Uint8Array): Uint8Array;
}
