/**
 * The narrow byte-stream transport the ZMK Studio client talks over: bytes out, bytes in, a close. Adapters
 * for Web Serial and Web Bluetooth live in src/transport/; the virtual ZMK keyboard offers a serial port.
 */
export interface ZmkTransport {
  /** What to call the connection in messages ('USB serial 1d50:615e', 'Bluetooth: Corne'). */
  readonly label: string;
  /**
   * Opens the connection and starts delivering received bytes to `receiver`, in order, in chunks of any
   * size. Called once per connection; rejects when it cannot open.
   */
  open(receiver: ZmkReceiver): Promise<void>;
  /** Sends bytes (one framed request); resolves when the transport took them. */
  write(bytes: Uint8Array): Promise<void>;
  /** Closes the connection; `receiver.closed` is not called for a close asked for. */
  close(): Promise<void>;
}

export interface ZmkReceiver {
  bytes(chunk: Uint8Array): void;
  /** The connection ended without being asked to (cable pulled, Bluetooth lost). */
  closed(error?: unknown): void;
}

/** Timers, injected so tests drive timeouts with fake time. */
export interface ZmkTimers {
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export const realZmkTimers: ZmkTimers = {
  setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
};
