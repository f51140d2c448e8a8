import { describe, expect, it, vi } from 'vitest';
import { demoDefinition, memoryFetch, servedFiles } from '../../../tests/support/servedDefinitions.ts';
import { CMD } from '../../protocol/commands.ts';
import { checkLayoutForKeyboard, layoutLeavingUnknown } from '../../services/layoutLoad.ts';
import { currentLayout } from '../../services/layoutTransfer.ts';
import { createCommandStore } from '../../state/commands.ts';
import { createErrorStore } from '../../state/errorStore.ts';
import { memoryStorage, type KeyValueStorage } from '../../state/storage.ts';
import { UNFINISHED_PREFIX } from '../../state/unfinishedWritesKey.ts';
import { DEMO_KEYBOARDS, type VirtualHidDevice } from '../../virtual-keyboard/index.ts';
import { DeviceRuntime } from '../../app/DeviceRuntime.ts';
import { macroWriter } from '../../state/macroWriter.ts';
import { loadLayout, restoreLayout, retryLayout, type LayoutContext } from '../../state/layoutActions.ts';

const BASE = 'http://app/';
const AURORA = 0x4b4c0002;
const RECORD = UNFINISHED_PREFIX + AURORA;
const files = servedFiles(DEMO_KEYBOARDS.map((d) => demoDefinition(d.source)));
const OLD = 'OLD'.repeat(20);
const NEW = 'hunt'.repeat(15);
const text = (bytes: number[] | null) => bytes && String.fromCharCode(...bytes);

/** The app on a machine (its storage: settings, the virtual keyboard's EEPROM, kept records), with Aurora 75. */
async function app(storage: KeyValueStorage) {
  const errors = createErrorStore();
  const runtime = new DeviceRuntime(storage, errors, BASE, { fetch: memoryFetch(files, BASE, []) });
  await runtime.plugDemo('aurora75');
  const ctx: LayoutContext = {
    devices: runtime.store,
    commands: createCommandStore(runtime.store),
    faults: await runtime.writeFaults.load(),
    storage,
    backedUp: runtime.backedUp,
    now: () => 1000,
    logError: (message) => errors.getState().logAppError({ message }),
  };
  return { runtime, errors, ctx, writer: macroWriter(runtime, errors), board: () => board(runtime) };
}

/** The selected virtual keyboard's firmware model. */
async function board(runtime: DeviceRuntime) {
  const path = runtime.store.getState().selectedPath;
  const entry = (await runtime.provider.devices()).find((d) => d.path === path)!;
  return entry.device as VirtualHidDevice;
}

/** Every key of layers 1–3 changed: many keymap blocks, so an unplug can land in the middle. */
function bigLayout(runtime: DeviceRuntime) {
  const keyboard = runtime.store.getState().keyboard!;
  const file = currentLayout(keyboard);
  for (const layer of [1, 2, 3]) file.layers[layer] = file.layers[layer]!.map(() => 'KC_B');
  const checked = checkLayoutForKeyboard(keyboard, JSON.stringify(file), 'big.layout.json');
  if (!checked.ok) throw new Error(checked.message);
  const layout = layoutLeavingUnknown(keyboard, checked.value);
  if (!layout.ok) throw new Error(layout.message);
  return layout.value;
}

const keysOf = (device: VirtualHidDevice, layer: number) =>
  Array.from({ length: 96 }, (_, i) => device.firmware.getKeycode(layer, Math.floor(i / 16), i % 16));

/** Unplugs the board on its 4th keymap block of a load; resolves once the load gave up and its record is kept. */
async function unplugMidLoad(first: Awaited<ReturnType<typeof app>>) {
  const device = await first.board();
  device.faults.inject({ kind: 'unplug' }, { command: CMD.DYNAMIC_KEYMAP_SET_BUFFER, after: 3 });
  expect(await loadLayout(first.ctx, bigLayout(first.runtime))).toBe('failed');
  await vi.waitFor(() => expect(first.runtime.store.getState().keyboard).toBeNull(), { timeout: 10_000 });
  return device;
}

describe('an unplug in the middle of a write is named when the keyboard is back', () => {
  it('a layout load: after the replug Save + Load names it (3 blocks written); Retry finishes; the record goes', async () => {
    const storage = memoryStorage();
    const first = await app(storage);
    const layers = (device: VirtualHidDevice) => [1, 2, 3].flatMap((layer) => keysOf(device, layer));
    const before = layers(await first.board());
    const gone = await unplugMidLoad(first);
    const changed = layers(gone).filter((code, i) => code !== before[i]).length;
    await vi.waitFor(() => expect(storage.getItem(RECORD)).not.toBeNull());

    await first.runtime.plugDemo('aurora75');
    await vi.waitFor(() => expect(first.ctx.faults.getState().layout).not.toBeNull());
    const fault = first.ctx.faults.getState().layout!;
    expect(fault).toMatchObject({ kind: 'load', resumed: true, vendorProductId: AURORA });
    expect(fault.error.progress()).toMatchObject({ keymapWritten: 3, stoppedAt: 'keymap', unchanged: false });
    expect(fault.error.message).toMatch(/disconnected|No reply/);
    // Exactly the keys of the three blocks written before the board left are new on it.
    const keysIn = (step: (typeof fault.error.plan.steps)[number]) =>
      step.kind === 'keymap'
        ? step.bytes.filter(
            (_, i) =>
              i % 2 === 0 &&
              (step.bytes[i] !== step.previous[i] || step.bytes[i + 1] !== step.previous[i + 1]),
          ).length
        : 0;
    expect(changed).toBe(fault.error.plan.steps.slice(0, 3).reduce((n, step) => n + keysIn(step), 0));
    expect(changed).toBeGreaterThan(0);

    expect(await retryLayout(first.ctx)).toBe('written');
    const back = await first.board();
    for (const layer of [1, 2, 3]) expect(keysOf(back, layer).every((code) => code === 0x05)).toBe(true);
    expect(first.ctx.faults.getState().layout).toBeNull();
    await vi.waitFor(() => expect(storage.getItem(RECORD)).toBeNull());
    // The app's copy is the keyboard's.
    expect(first.runtime.store.getState().keyboard!.keymap[1]!.every((code) => code === 0x05)).toBe(true);
  });

  it('a layout load: after a page reload it is named the same, and Restore puts the layout before it back', async () => {
    const storage = memoryStorage();
    const first = await app(storage);
    const device = await first.board();
    const before = [1, 2, 3].map((layer) => keysOf(device, layer));
    await unplugMidLoad(first);
    await vi.waitFor(() => expect(storage.getItem(RECORD)).not.toBeNull());

    // The page is loaded again: a new app on the same machine, the keyboard plugged in with what it holds.
    const second = await app(storage);
    await vi.waitFor(() => expect(second.ctx.faults.getState().layout).not.toBeNull());
    expect(second.ctx.faults.getState().layout!.error.progress()).toMatchObject({
      keymapWritten: 3,
    });
    expect(await restoreLayout(second.ctx)).toBe('written');
    const back = await second.board();
    expect([1, 2, 3].map((layer) => keysOf(back, layer))).toEqual(before);
    expect(second.ctx.faults.getState().layout).toBeNull();
    await vi.waitFor(() => expect(storage.getItem(RECORD)).toBeNull());
  });

  it('a macro save: the raised flag is named in Macros after the replug, with the save; Retry writes it', async () => {
    const storage = memoryStorage();
    const first = await app(storage);
    await first.writer.writeMacros([[{ kind: 'text', text: OLD }]]);
    const device = await first.board();
    // The flag is raised and the first chunk written; the board leaves on the second.
    device.faults.inject({ kind: 'unplug' }, { command: CMD.MACRO_SET_BUFFER, after: 2 });
    await expect(first.writer.writeMacros([[{ kind: 'text', text: NEW }]])).rejects.toThrow();
    expect(device.firmware.playMacro(0)).toBeNull();
    await vi.waitFor(() => expect(storage.getItem(RECORD)).not.toBeNull());

    await first.runtime.plugDemo('aurora75');
    await vi.waitFor(() => expect(first.ctx.faults.getState().macros).not.toBeNull());
    expect(first.runtime.store.getState().keyboard!.macros.writing).toBe(true);
    const fault = first.ctx.faults.getState().macros!;
    expect(fault).toMatchObject({ resumed: true, phase: 'data' });
    await first.writer.writeBytes(fault.attempted);
    expect(text((await first.board()).firmware.playMacro(0))).toBe(NEW);
    expect(first.ctx.faults.getState().macros).toBeNull();
    await vi.waitFor(() => expect(storage.getItem(RECORD)).toBeNull());
  });

  it('a macro save: Put back after a reload writes the macros the keyboard held before the save', async () => {
    const storage = memoryStorage();
    const first = await app(storage);
    await first.writer.writeMacros([[{ kind: 'text', text: OLD }]]);
    const device = await first.board();
    device.faults.inject({ kind: 'unplug' }, { command: CMD.MACRO_SET_BUFFER, after: 2 });
    await expect(first.writer.writeMacros([[{ kind: 'text', text: NEW }]])).rejects.toThrow();
    await vi.waitFor(() => expect(storage.getItem(RECORD)).not.toBeNull());

    const second = await app(storage);
    await vi.waitFor(() => expect(second.ctx.faults.getState().macros).not.toBeNull());
    await second.writer.writeBytes(second.ctx.faults.getState().macros!.previous);
    expect(text((await second.board()).firmware.playMacro(0))).toBe(OLD);
  });

  it('a raised flag with no record behind it (another app or browser) is named; writing what it holds ends it', async () => {
    const storage = memoryStorage();
    const first = await app(storage);
    const device = await first.board();
    device.faults.inject({ kind: 'unplug' }, { command: CMD.MACRO_SET_BUFFER, after: 2 });
    await expect(first.writer.writeMacros([[{ kind: 'text', text: NEW }]])).rejects.toThrow();
    await vi.waitFor(() => expect(storage.getItem(RECORD)).not.toBeNull());
    storage.removeItem(RECORD);

    const second = await app(storage);
    await vi.waitFor(() => expect(second.ctx.faults.getState().macros).not.toBeNull());
    const fault = second.ctx.faults.getState().macros!;
    expect(fault).toMatchObject({ found: true });
    expect(fault.attempted).toEqual(second.runtime.store.getState().keyboard!.macros.bytes);
    await second.writer.writeBytes(fault.attempted);
    expect((await second.board()).firmware.playMacro(0)).not.toBeNull();
    expect(second.ctx.faults.getState().macros).toBeNull();
    // A fault found this way is never stored: the keyboard says so itself.
    expect(storage.getItem(RECORD)).toBeNull();
  });

  it('a keyboard with nothing unfinished loads as before: no fault, no record', async () => {
    const storage = memoryStorage();
    const first = await app(storage);
    expect(first.ctx.faults.getState()).toMatchObject({ macros: null, layout: null });
    expect(storage.getItem(RECORD)).toBeNull();
  });
});
