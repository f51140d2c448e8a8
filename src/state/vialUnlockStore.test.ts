import { describe, expect, it, vi } from 'vitest';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { compileSourceDefinition } from '../definitions/compile.ts';
import { realTimers, type Timers } from '../lib/timers.ts';
import { configFromDefinition, VirtualHid } from '../virtual-keyboard/index.ts';
import { vialDemoConfig } from '../virtual-keyboard/vial/vialDemo.ts';
import { unservedDeviceStore } from '../../tests/support/unservedDeviceStore.ts';
import { createCommandStore } from './commands.ts';
import { STAYED_LOCKED } from './vialLockRules.ts';
import { createVialUnlockStore, UNLOCK_POLL_MS } from './vialUnlockStore.ts';

/**
 * A keyboard on a clock that the unlock's waits move forward (the firmware counts polls more than 100 ms apart);
 * the device store keeps real timers for its reply timeouts.
 */
async function setup(config = vialDemoConfig()) {
  let clock = 10_000;
  const virtualHid = new VirtualHid({ schedule: (fn) => queueMicrotask(fn), now: () => clock });
  const device = virtualHid.plugIn(config);
  const devices = unservedDeviceStore(virtualHid);

  const waits: number[] = [];
  const timers: Timers = {
    setTimeout: (fn, ms) => {
      waits.push(ms);
      // A real (zero) wait, so the test's own waits get their turn; the keyboard's clock moves by `ms`.
      return globalThis.setTimeout(() => {
        clock += ms;
        fn();
      }, 0);
    },
    clearTimeout: () => undefined,
  };
  const unlock = createVialUnlockStore({ devices, timers });
  const commands = createCommandStore(devices, {
    ensureUnlocked: (r) => unlock.getState().ensureUnlocked(r),
  });
  await devices.getState().refresh();
  await vi.waitFor(() => expect(devices.getState().phase).toBe('ready'), { timeout: 15_000 });
  return { devices, unlock, commands, firmware: device.firmware, waits };
}

describe('Vial unlock', () => {
  it('a locked keyboard: the dialog names the keys, counts down while they are held, and unlocks', async () => {
    const { unlock, firmware, waits } = await setup();
    const counters: number[] = [];
    unlock.subscribe((s) => s.dialog && counters.push(s.dialog.counter));
    const result = unlock.getState().ensureUnlocked('bootKey');
    await vi.waitFor(() => expect(unlock.getState().dialog).not.toBeNull());
    expect(unlock.getState().dialog).toMatchObject({
      reason: 'bootKey',
      keys: [
        [0, 0],
        [2, 11],
      ],
      counter: 50,
    });
    firmware.vial!.holdUnlockKeys(true);
    expect(await result).toBe(true);
    expect(firmware.vial!.lockState()).toMatchObject({ unlocked: true, inProgress: false });
    expect(unlock.getState()).toMatchObject({ dialog: null, lock: { unlocked: true } });
    expect(counters.at(-1)).toBe(1);
    expect(new Set(waits)).toEqual(new Set([UNLOCK_POLL_MS]));
    // Unlocked already: no dialog the second time.
    expect(await unlock.getState().ensureUnlocked('tester')).toBe(true);
    expect(unlock.getState().dialog).toBeNull();
  });

  it('Cancel resolves false; the firmware is left unlocking (no command ends that); Lock again relocks', async () => {
    const { unlock, firmware } = await setup();
    const result = unlock.getState().ensureUnlocked('user');
    await vi.waitFor(() => expect(unlock.getState().dialog).not.toBeNull());
    unlock.getState().cancel();
    expect(await result).toBe(false);
    expect(unlock.getState().lock).toMatchObject({ unlocked: false, inProgress: true });
    expect(firmware.vial!.lockState()).toMatchObject({ unlocked: false, inProgress: true });
    firmware.vial!.setUnlocked(true);
    await unlock.getState().refresh();
    await unlock.getState().relock();
    expect(firmware.vial!.lockState()!.unlocked).toBe(false);
    expect(unlock.getState().lock).toMatchObject({ unlocked: false, inProgress: false });
  });

  it('a cancelled unlock resumed: the count starts again from the keys held, and every caller hears the end', async () => {
    const { unlock, firmware } = await setup();
    const first = unlock.getState().ensureUnlocked('macros');
    await vi.waitFor(() => expect(unlock.getState().dialog).not.toBeNull());
    unlock.getState().cancel();
    expect(await first).toBe(false);
    // "Finish unlock…" pressed twice before the dialog shows (a double click, or a save asking meanwhile): one
    // unlock runs and both wait for it — on a slow machine the second press can come before the status is read.
    const resumed = unlock.getState().ensureUnlocked('user');
    const again = unlock.getState().ensureUnlocked('user');
    await vi.waitFor(() => expect(unlock.getState().dialog).not.toBeNull());
    const counters: number[] = [];
    unlock.subscribe((s) => s.dialog && counters.push(s.dialog.counter));
    firmware.vial!.holdUnlockKeys(true);
    expect(await Promise.all([resumed, again])).toEqual([true, true]);
    expect(firmware.vial!.lockState()).toMatchObject({ unlocked: true, inProgress: false });
    // Counted down without a restart: no second unlock's polls or start came between.
    expect(counters).toEqual([...counters].sort((a, b) => b - a));
    expect(counters.at(-1)).toBe(1);
  });

  it('assigning QK_BOOT waits for the unlock, then writes it; cancelled, nothing is written', async () => {
    const { unlock, commands, firmware } = await setup();
    const cancelled = commands.getState().assignKey(0, 0, 1, 0x7c00);
    await vi.waitFor(() => expect(unlock.getState().dialog).not.toBeNull());
    unlock.getState().cancel();
    await expect(cancelled).rejects.toThrow(STAYED_LOCKED);
    expect(firmware.getKeycode(0, 0, 1)).toBe(0x1e);
    // The firmware still waits for the keys: a second try restarts the count, and holding them unlocks.
    firmware.vial!.holdUnlockKeys(true);
    await commands.getState().assignKey(0, 0, 1, 0x7c00);
    expect(firmware.getKeycode(0, 0, 1)).toBe(0x7c00);
  });

  it('copying a layer that holds QK_BOOT asks too (the firmware would store 0xFFFF in a buffer write)', async () => {
    const { unlock, commands, firmware } = await setup();
    const copy = commands.getState().runLayerOperation({ kind: 'copy', from: 1, to: 2 });
    await vi.waitFor(() => expect(unlock.getState().dialog).not.toBeNull());
    firmware.vial!.holdUnlockKeys(true);
    await copy;
    expect(firmware.getKeycode(2, 1, 0)).toBe(0x7c00);
  });

  it('other keycodes and VIA keyboards never ask', async () => {
    const lumen = compileSourceDefinition(
      JSON.parse(
        readFileSync(path.resolve(import.meta.dirname, '../../keyboards/demo/lumen65.json'), 'utf8'),
      ),
    );
    if (!lumen.ok) throw new Error(lumen.message);
    const vial = await setup();
    await vial.commands.getState().assignKey(0, 0, 1, 0x0004);
    expect(vial.unlock.getState().lock).toBeNull();
    expect(vial.firmware.getKeycode(0, 0, 1)).toBe(0x04);
    expect(
      await (await setupVia(configFromDefinition(lumen.value.definition))).ensureUnlocked('bootKey'),
    ).toBe(true);
  });
});

async function setupVia(config: ReturnType<typeof configFromDefinition>) {
  const virtualHid = new VirtualHid({ schedule: (fn) => queueMicrotask(fn) });
  virtualHid.plugIn(config);
  const devices = unservedDeviceStore(virtualHid);

  await devices.getState().refresh();
  return createVialUnlockStore({ devices, timers: realTimers }).getState();
}
