import { openZmkSession } from '../../src/services/zmkSession.ts';
import { serialZmkTransport } from '../../src/transport/zmkSerialTransport.ts';
import type { ZmkTransport } from '../../src/zmk-studio/transport.ts';
import { ZmkBehaviors } from '../../src/zmk-studio/ZmkBehaviors.ts';
import { ZmkCore } from '../../src/zmk-studio/ZmkCore.ts';
import { ZmkKeymap } from '../../src/zmk-studio/ZmkKeymap.ts';
import { ZmkLockGate } from '../../src/zmk-studio/ZmkLockGate.ts';
import { ZmkRpcClient } from '../../src/zmk-studio/ZmkRpcClient.ts';
import { runSoon } from '../../src/virtual-keyboard/scheduler.ts';
import { zmkDemoKeyboard } from '../../src/virtual-keyboard/zmk/zmkDemoKeyboard.ts';
import type { VirtualZmkKeyboardOptions } from '../../src/virtual-keyboard/zmk/VirtualZmkKeyboard.ts';

/**
 * A virtual ZMK keyboard with a client over its serial port, for tests: replies come in the next task, while
 * delayed work (the idle re-lock, injected latency) waits in `timers` until a test fires it — no real time
 * passes, so a test can let the keyboard sit idle for ten minutes at once.
 */
export function zmkTestRig(
  options: VirtualZmkKeyboardOptions & { silenceTimeoutMs?: number; transport?: 'usb' | 'ble' } = {},
) {
  const timers: { fn: () => void; ms: number }[] = [];
  const keyboard = zmkDemoKeyboard({
    ...options,
    schedule: (fn, ms) => (ms > 0 ? timers.push({ fn, ms }) : runSoon(fn)),
  });
  const transport: ZmkTransport = serialZmkTransport(keyboard.serialPort);
  // The client's silence timeout is real time: long enough that a busy machine's slow reply is not taken for a
  // dropped one (tests of a dropped reply wait it out once).
  const client = new ZmkRpcClient(transport, { silenceTimeoutMs: options.silenceTimeoutMs ?? 1000 });
  const gate = new ZmkLockGate(client);
  return {
    keyboard,
    client,
    gate,
    core: new ZmkCore(gate),
    keymap: new ZmkKeymap(gate),
    behaviors: new ZmkBehaviors(gate),
    /** Runs the delayed work of at least `ms` (all of it by default), oldest first. */
    fire(ms = Infinity) {
      const due = timers.filter((t) => t.ms <= ms);
      for (const t of due) timers.splice(timers.indexOf(t), 1);
      for (const t of due) t.fn();
    },
  };
}

/** Resolves after every task queued so far has run (replies delivered, notifications handled). */
export async function settle(): Promise<void> {
  // Rounds of the event loop, not milliseconds: the rig's replies run as immediates (runSoon), and a busy machine
  // can let a 5 ms timer fire halfway through a chain of them.
  for (let round = 0; round < 200; round++) await new Promise<void>((resolve) => setImmediate(resolve));
}

/**
 * The hostile-device rig: the virtual ZMK keyboard (unlocked: locking off) with a session over its serial port,
 * everything on the test's fake timers — replies, the keyboard's trickles, the client's silence timer and
 * request deadline — so `vi.advanceTimersByTimeAsync(ms)` says exactly how long a failure took. Call
 * `vi.useFakeTimers()` first. `sent` lists every request the client wrote, by name.
 */
export function zmkHostileRig(options: VirtualZmkKeyboardOptions = {}) {
  const keyboard = zmkDemoKeyboard({
    locking: false,
    ...options,
    schedule: (fn, ms) => void setTimeout(fn, ms),
  });
  const sent: string[] = [];
  const session = openZmkSession(serialZmkTransport(keyboard.serialPort), {
    onLog: (entry) => void (entry.direction === 'out' && sent.push(entry.note)),
  });
  return { keyboard, session, sent };
}
