import { describe, expect, it } from 'vitest';
import { demoDefinition, memoryFetch, servedFiles } from '../../tests/support/servedDefinitions.ts';
import { DeviceRuntime } from '../app/DeviceRuntime.ts';
import { CMD } from '../protocol/commands.ts';
import { checkLayoutForKeyboard, layoutLeavingUnknown } from '../services/layoutLoad.ts';
import { currentLayout } from '../services/layoutTransfer.ts';
import { DEMO_KEYBOARDS, type VirtualHidDevice } from '../virtual-keyboard/index.ts';
import { createCommandStore } from './commands.ts';
import { createDeviceJobs } from './deviceJobs.ts';
import { createErrorStore } from './errorStore.ts';
import { readBackup } from './layoutBackup.ts';
import { memoryStorage } from './storage.ts';

const BASE = 'http://app/';
const files = servedFiles(DEMO_KEYBOARDS.map((d) => demoDefinition(d.source)));
const KC_B = 0x05;

/** The app's device jobs as main.tsx makes them, over the Aurora 75 demo; `seen` lists each progress shown. */
async function app() {
  const storage = memoryStorage();
  const errors = createErrorStore();
  const runtime = new DeviceRuntime(storage, errors, BASE, { fetch: memoryFetch(files, BASE, []) });
  await runtime.plugDemo('aurora75');
  const commands = createCommandStore(runtime.store);
  const jobs = createDeviceJobs(runtime, { commands, errors, storage, now: () => 1000 });
  const seen: string[] = [];
  jobs.subscribe(({ progress: p }) => {
    const shown = p ? `${p.job} ${p.step} ${p.done}/${p.total}` : 'none';
    if (seen.at(-1) !== shown) seen.push(shown);
  });
  const path = runtime.store.getState().selectedPath;
  const entry = (await runtime.provider.devices()).find((d) => d.path === path)!;
  return { runtime, storage, commands, jobs, seen, device: entry.device as VirtualHidDevice };
}

/** Layer 1 all KC_B, checked as the Save + Load pane checks a file. */
function layerOfB(runtime: DeviceRuntime) {
  const keyboard = runtime.store.getState().keyboard!;
  const file = currentLayout(keyboard);
  file.layers[1] = file.layers[1]!.map(() => 'KC_B');
  const checked = checkLayoutForKeyboard(keyboard, JSON.stringify(file), 'b.layout.json');
  if (!checked.ok) throw new Error(checked.message);
  const layout = layoutLeavingUnknown(keyboard, checked.value);
  if (!layout.ok) throw new Error(layout.message);
  return layout.value;
}

const layer1 = (device: VirtualHidDevice) =>
  Array.from({ length: 96 }, (_, i) => device.firmware.getKeycode(1, Math.floor(i / 16), i % 16));

describe('device jobs: one command each, with the progress the UI shows', () => {
  it('a layout load: planned, backed up, written block by block, read back; one undo step', async () => {
    const a = await app();
    const result = await a.jobs.getState().loadLayout(layerOfB(a.runtime));
    expect(result).toEqual({ outcome: 'written', vialNotes: [] });
    expect(layer1(a.device).every((code) => code === KC_B)).toBe(true);
    expect(a.commands.getState().undoStack).toMatchObject([{ kind: 'step', label: 'layout-load' }]);
    expect(
      readBackup(a.storage, a.runtime.store.getState().keyboard!.definition.vendorProductId),
    ).not.toBeNull();
    // Every step the user sees, in order, and nothing once it is done.
    const blocks = Number(/\/(\d+)$/.exec(a.seen.find((s) => s.includes('writing'))!)![1]);
    expect(blocks).toBeGreaterThan(1);
    expect(a.seen).toEqual([
      'layoutLoad planning 0/0',
      ...Array.from({ length: blocks + 1 }, (_, i) => `layoutLoad writing ${i}/${blocks}`),
      ...Array.from({ length: blocks + 1 }, (_, i) => `layoutLoad readBack ${i}/${blocks}`),
      'none',
    ]);
  });

  it('a load that stops is the fault, with no job left showing; Retry is one command that finishes it', async () => {
    const a = await app();
    a.device.faults.inject({ kind: 'error238' }, { command: CMD.DYNAMIC_KEYMAP_SET_BUFFER, after: 1 });
    expect(await a.jobs.getState().loadLayout(layerOfB(a.runtime))).toMatchObject({ outcome: 'failed' });
    expect(a.jobs.getState().progress).toBeNull();
    const faults = await a.runtime.writeFaults.load();
    expect(faults.getState().layout?.error.progress()).toMatchObject({
      keymapWritten: 1,
      stoppedAt: 'keymap',
    });
    a.seen.length = 0;
    expect(await a.jobs.getState().retryLayout()).toEqual({ outcome: 'written', vialNotes: [] });
    expect(layer1(a.device).every((code) => code === KC_B)).toBe(true);
    expect(faults.getState().layout).toBeNull();
    // What the stopped run left is written, then the whole plan read back.
    expect(a.seen[0]).toBe('layoutRetry planning 0/0');
    expect(a.seen.filter((s) => s.startsWith('layoutRetry writing')).length).toBeGreaterThan(1);
    expect(a.seen.filter((s) => s.startsWith('layoutRetry readBack')).length).toBeGreaterThan(1);
    expect(a.seen.at(-1)).toBe('none');
  });

  it('a macro save: written, then read back, and the keyboard plays it', async () => {
    const a = await app();
    await a.jobs.getState().saveMacros([[{ kind: 'text', text: 'hello' }]]);
    expect(String.fromCharCode(...(a.device.firmware.playMacro(0) ?? []))).toBe('hello');
    expect(a.seen).toEqual([
      'macroSave planning 0/0',
      'macroSave writing 0/0',
      'macroSave readBack 0/0',
      'none',
    ]);
  });

  it('a macro set too big for the buffer is refused before any write, and no job is left showing', async () => {
    const a = await app();
    const before = a.device.firmware.playMacro(0);
    const size = a.runtime.store.getState().keyboard!.macros.bufferSize;
    await expect(a.jobs.getState().saveMacros([[{ kind: 'text', text: 'x'.repeat(size) }]])).rejects.toThrow(
      /exceeds buffer size/,
    );
    expect(a.device.firmware.playMacro(0)).toEqual(before);
    expect(a.jobs.getState().progress).toBeNull();
  });
});
