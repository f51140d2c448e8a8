import { readFileSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { unservedDeviceStore } from '../../tests/support/unservedDeviceStore.ts';
import { compileSourceDefinition } from '../definitions/compile.ts';
import { realTimers } from '../lib/timers.ts';
import { DefinitionsRepository } from '../services/definitionsRepository.ts';
import { HidProvider } from '../transport/hidProvider.ts';
import { configFromDefinition, VirtualHid, type VirtualHidDevice } from '../virtual-keyboard/index.ts';
import { vialDemoConfig } from '../virtual-keyboard/vial/vialDemo.ts';
import { createCommandStore } from './commands.ts';
import { createDeviceStore, type DeviceState } from './deviceStore.ts';
import { createKeymapToolsStore, type PickMode } from './keymapToolsStore.ts';
import { memoryStorage } from './storage.ts';
import type { StoreApi } from 'zustand/vanilla';
import { DEVICE_FAMILIES } from '../families/deviceFamilies.ts';

const compiled = compileSourceDefinition(
  JSON.parse(readFileSync(path.resolve(import.meta.dirname, '../../keyboards/demo/aurora75.json'), 'utf8')),
);
if (!compiled.ok) throw new Error(compiled.message);
const AURORA = compiled.value.definition;
const SET_KEY = 0x05;
const SET_BUFFER = 0x13;
const COLS = 16;

/** Records every report the app sends the virtual keyboard. */
function recorded(device: VirtualHidDevice): number[][] {
  const sent: number[][] = [];
  const send = device.sendReport.bind(device);
  device.sendReport = (id, data) => {
    sent.push([...new Uint8Array(data as ArrayBuffer)]);
    return send(id, data);
  };
  return sent;
}

async function ready(devices: StoreApi<DeviceState>) {
  await devices.getState().refresh();
  await vi.waitFor(() => expect(devices.getState().phase).toBe('ready'), { timeout: 15_000 });
}

/** The Aurora 75 demo (6 × 16 matrix, 4 layers), loaded as the app loads it, its reports recorded. */
async function aurora() {
  const files: Record<string, unknown> = {
    'definitions/supported_kbs.json': {
      hash: 'h',
      vendorProductIds: { v2: [], v3: [AURORA.vendorProductId] },
    },
    'tabkb/configs.json': [],
    [`definitions/v3/${AURORA.vendorProductId}.json`]: AURORA,
  };
  const fetch = async (url: string) => {
    const key = url.replace('http://app/', '');
    return { ok: key in files, status: key in files ? 200 : 404, json: async () => files[key] };
  };
  const virtualHid = new VirtualHid({ schedule: (fn) => queueMicrotask(fn) });
  const devices = createDeviceStore({
    families: DEVICE_FAMILIES,
    provider: new HidProvider(null, virtualHid),
    definitions: new DefinitionsRepository({
      fetch,
      storage: memoryStorage(),
      baseUrl: 'http://app/',
      logError() {},
    }),
    timers: realTimers,
    logError() {},
  });
  const device = virtualHid.plugIn(configFromDefinition(AURORA));
  await ready(devices);
  const commands = createCommandStore(devices);
  const tools = createKeymapToolsStore(devices, commands);
  return { devices, commands, tools, firmware: device.firmware, sent: recorded(device) };
}

const at = (row: number, col: number) => row * COLS + col;
const place = (layer: number, row: number, col: number) => ({ layer, index: at(row, col) });

describe('key moves on the virtual keyboard', () => {
  it('swapping two keys far apart: two single-key writes, one undo step; undo writes them back', async () => {
    const { tools, commands, firmware, sent } = await aurora();
    const [esc, a] = [firmware.getKeycode(0, 0, 0), firmware.getKeycode(0, 3, 1)];
    await tools.getState().moveKey('swap', place(0, 0, 0), place(0, 3, 1));
    expect(sent.map((r) => r.slice(0, 6))).toEqual([
      [SET_KEY, 0, 0, 0, a >> 8, a & 0xff],
      [SET_KEY, 0, 3, 1, esc >> 8, esc & 0xff],
    ]);
    expect([firmware.getKeycode(0, 0, 0), firmware.getKeycode(0, 3, 1)]).toEqual([a, esc]);
    expect(commands.getState().undoStack.map((e) => e.kind === 'step' && e.label)).toEqual(['key-swap']);
    sent.length = 0;
    await commands.getState().undo();
    expect(sent).toHaveLength(2);
    expect([firmware.getKeycode(0, 0, 0), firmware.getKeycode(0, 3, 1)]).toEqual([esc, a]);
  });

  it('swapping neighbours is one buffer write of their four bytes', async () => {
    const { tools, devices, firmware, sent } = await aurora();
    const [q, w] = [firmware.getKeycode(0, 2, 1), firmware.getKeycode(0, 2, 2)];
    await tools.getState().moveKey('swap', place(0, 2, 1), place(0, 2, 2));
    const offset = at(2, 1) * 2;
    expect(sent.map((r) => r.slice(0, 8))).toEqual([
      [SET_BUFFER, offset >> 8, offset & 0xff, 4, w >> 8, w & 0xff, q >> 8, q & 0xff],
    ]);
    expect(devices.getState().keyboard!.keymap[0]!.slice(at(2, 1), at(2, 3))).toEqual([w, q]);
  });

  it('moving across layers leaves transparent above the base and nothing on it; copying writes one key', async () => {
    const { tools, firmware, sent } = await aurora();
    const a = firmware.getKeycode(0, 3, 1);
    await tools.getState().moveKey('move', place(0, 3, 1), place(2, 0, 5));
    expect([firmware.getKeycode(0, 3, 1), firmware.getKeycode(2, 0, 5)]).toEqual([0x00, a]);
    await tools.getState().moveKey('move', place(2, 0, 5), place(1, 1, 1));
    expect([firmware.getKeycode(2, 0, 5), firmware.getKeycode(1, 1, 1)]).toEqual([0x01, a]);
    sent.length = 0;
    await tools.getState().moveKey('copy', place(1, 1, 1), place(3, 4, 4));
    expect(sent).toHaveLength(1);
    expect([firmware.getKeycode(1, 1, 1), firmware.getKeycode(3, 4, 4)]).toEqual([a, a]);
  });

  it('a picked key is placed on the next one chosen', async () => {
    const { tools, firmware } = await aurora();
    const a = firmware.getKeycode(0, 3, 1);
    tools.getState().pick(place(0, 3, 1), 'copy');
    await tools.getState().placePicked(place(1, 3, 1));
    expect(firmware.getKeycode(1, 3, 1)).toBe(a);
    expect(tools.getState().picked).toBeNull();
  });

  it('every move reaches the keyboard in the fewest reports (property, on the bytes it receives)', async () => {
    const { tools, devices, firmware, sent } = await aurora();
    const dump = () =>
      Array.from({ length: 4 }, (_, l) =>
        Array.from({ length: 6 * COLS }, (_, i) => firmware.getKeycode(l, Math.floor(i / COLS), i % COLS)),
      );
    const places = fc.record({
      layer: fc.integer({ min: 0, max: 3 }),
      index: fc.integer({ min: 0, max: 95 }),
    });
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom<PickMode>('swap', 'move', 'copy'),
        places,
        places,
        async (mode, from, to) => {
          const before = dump();
          sent.length = 0;
          await tools.getState().moveKey(mode, from, to);
          const after = dump();
          expect(devices.getState().keyboard!.keymap).toEqual(after);
          const old = before.flat();
          const changed = after.flat().flatMap((code, i) => (code !== old[i] ? [i] : []));
          // Two changed keys share a report when they lie within 14 keycodes of each other.
          const fewest =
            changed.length === 0
              ? 0
              : changed.length === 2 && changed[1]! - changed[0]! < 14
                ? 1
                : changed.length;
          expect(sent).toHaveLength(fewest);
          expect(sent.every((r) => r[0] === SET_KEY || r[0] === SET_BUFFER)).toBe(true);
        },
      ),
      { numRuns: 40 },
    );
  });

  it('a failed write shows again what the keyboard holds and records no step', async () => {
    const { tools, devices, commands, firmware } = await aurora();
    const [esc, a] = [firmware.getKeycode(0, 0, 0), firmware.getKeycode(0, 3, 1)];
    const real = devices.getState().commands()!;
    let calls = 0;
    const setKey = real.setKey.bind(real);
    real.setKey = (...args) => (++calls === 2 ? Promise.reject(new Error('unplugged')) : setKey(...args));
    await expect(tools.getState().moveKey('swap', place(0, 0, 0), place(0, 3, 1))).rejects.toThrow(
      'unplugged',
    );
    // The first key was written; the second was not.
    expect([firmware.getKeycode(0, 0, 0), firmware.getKeycode(0, 3, 1)]).toEqual([a, a]);
    expect(devices.getState().keyboard!.keymap[0]!.slice(0, 1)).toEqual([a]);
    expect(devices.getState().keyboard!.keymap[0]![at(3, 1)]).toBe(a);
    expect(commands.getState().undoStack).toEqual([]);
    expect(esc).not.toBe(a);
  });
});

describe('key moves on a locked Vial keyboard', () => {
  it('QK_BOOT beside the keys swapped is never carried in a buffer write (the board would store 0xFFFF)', async () => {
    const virtualHid = new VirtualHid({ schedule: (fn) => queueMicrotask(fn) });
    const device = virtualHid.plugIn(vialDemoConfig());
    const devices = unservedDeviceStore(virtualHid);
    await ready(devices);
    const tools = createKeymapToolsStore(devices, createCommandStore(devices));
    const sent = recorded(device);
    const cols = devices.getState().keyboard!.definition.matrix.cols;
    const boot = firmware(device).getKeycode(1, 1, 0);
    expect(boot).toBe(0x7c00);
    // Layer 1: F1 and F2 over the number row, QK_BOOT at the Tab position just after them in the buffer.
    await tools.getState().moveKey('swap', { layer: 1, index: 1 }, { layer: 1, index: cols + 1 });
    expect(firmware(device).getKeycode(1, 1, 0)).toBe(boot);
    expect(sent.filter((r) => r[0] === SET_BUFFER)).toEqual([]);
    expect(sent.filter((r) => r[0] === SET_KEY)).toHaveLength(2);
  });
});

const firmware = (device: VirtualHidDevice) => device.firmware;
