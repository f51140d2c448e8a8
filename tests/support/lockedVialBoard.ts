/**
 * The Vial demo board, locked, with the app's stores around it as the Configure screen has them: the device
 * store, the real unlock store (its waits move the keyboard's clock forward, so an unlock takes no real time:
 * the firmware counts polls more than 100 ms apart), the command store asking it, and the write-fault store.
 * `sent()` lists the command ids of every report the app sent, in order.
 */
import { vi, expect } from 'vitest';
import type { Timers } from '../../src/lib/timers.ts';
import { createCommandStore } from '../../src/state/commands.ts';
import { createVialUnlockStore } from '../../src/state/vialUnlockStore.ts';
import { LazyStore } from '../../src/state/lazyStore.ts';
import { createWriteFaultStore } from '../../src/state/writeFaults.ts';
import type { MacroWriteFault } from '../../src/services/macroSave.ts';
import type { LayoutFault } from '../../src/services/layoutTransaction.ts';
import { VirtualHid } from '../../src/virtual-keyboard/index.ts';
import { vialDemoConfig } from '../../src/virtual-keyboard/vial/vialDemo.ts';
import { unservedDeviceStore } from './unservedDeviceStore.ts';

export async function lockedVialBoard(loadTimeoutMs = 25_000) {
  let clock = 10_000;
  // Replies at once, except those a test delays on purpose (a fault), which take real time.
  const virtualHid = new VirtualHid({
    schedule: (fn, ms) => (ms > 0 ? void globalThis.setTimeout(fn, ms) : queueMicrotask(fn)),
    now: () => clock,
  });
  const device = virtualHid.plugIn(vialDemoConfig());
  const sent: number[] = [];
  const devices = unservedDeviceStore(virtualHid, undefined, (entry) => {
    if (entry.direction === 'out') sent.push(entry.bytes[0]!);
  });
  const timers: Timers = {
    setTimeout: (fn, ms) =>
      globalThis.setTimeout(() => {
        clock += ms;
        fn();
      }, 0),
    clearTimeout: () => undefined,
  };
  const unlock = createVialUnlockStore({ devices, timers });
  const commands = createCommandStore(devices, {
    ensureUnlocked: (reason) => unlock.getState().ensureUnlocked(reason),
  });
  const writeFaults = createWriteFaultStore<MacroWriteFault, LayoutFault>();
  await devices.getState().refresh();
  await vi.waitFor(() => expect(devices.getState().phase).toBe('ready'), { timeout: loadTimeoutMs });
  return {
    device,
    firmware: device.firmware,
    vial: device.firmware.vial!,
    devices,
    unlock,
    commands,
    writeFaults,
    /** What the Configure screen hands the macro writer and the layout actions. */
    runtime: {
      store: devices,
      writeFaults: new LazyStore(async () => writeFaults),
      vialUnlock: () => Promise.resolve(unlock),
    },
    sent,
  };
}
