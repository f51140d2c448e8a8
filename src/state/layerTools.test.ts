import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { compileSourceDefinition } from '../definitions/compile.ts';
import { realTimers } from '../lib/timers.ts';
import { DefinitionsRepository } from '../services/definitionsRepository.ts';
import { HidProvider } from '../transport/hidProvider.ts';
import { configFromDefinition, VirtualHid } from '../virtual-keyboard/index.ts';
import { createCommandStore } from './commands.ts';
import { createDeviceStore } from './deviceStore.ts';
import { memoryStorage } from './storage.ts';
import { DEVICE_FAMILIES } from '../families/deviceFamilies.ts';

const compiled = compileSourceDefinition(
  JSON.parse(readFileSync(path.resolve(import.meta.dirname, '../../keyboards/demo/aurora75.json'), 'utf8')),
);
if (!compiled.ok) throw new Error(compiled.message);
const AURORA = compiled.value.definition;
const SET_BUFFER = 0x13;
const SET_ENCODER = 0x15;

/** The Aurora 75 demo (6 × 16 matrix, 4 layers, 2 encoders) loaded into a device store, its requests recorded. */
async function setup() {
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
  const store = createDeviceStore({
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
  await store.getState().refresh();
  await vi.waitFor(() => expect(store.getState().phase).toBe('ready'));
  const sent: number[][] = [];
  const send = device.sendReport.bind(device);
  device.sendReport = (id, data) => {
    sent.push([...new Uint8Array(data as ArrayBuffer)]);
    return send(id, data);
  };
  return { store, commands: createCommandStore(store), firmware: device.firmware, sent };
}

describe('layer tools on the virtual keyboard', () => {
  it('copy layer 0 onto 1: 192 bytes in 7 buffer writes and 4 encoder writes; undo is one step back', async () => {
    const { store, commands, firmware, sent } = await setup();
    const layer0 = store.getState().keyboard!.keymap[0]!;
    await commands.getState().runLayerOperation({ kind: 'copy', from: 0, to: 1 });
    // Layer 1 starts at byte 6 × 16 × 2 = 192; 96 keys, all changed from KC_TRNS (the few KC_NO included).
    const writes = sent.filter((r) => r[0] === SET_BUFFER);
    expect(writes.map((r) => (r[1]! << 8) | r[2]!)).toEqual([192, 220, 248, 276, 304, 332, 360]);
    // The last write runs 4 bytes into layer 2, rewriting them unchanged: still the fewest writes.
    expect(writes.map((r) => r[3])).toEqual([28, 28, 28, 28, 28, 28, 28]);
    expect(sent.filter((r) => r[0] === SET_ENCODER)).toHaveLength(4);
    expect(firmware.getKeycode(1, 3, 1)).toBe(layer0[3 * 16 + 1]);
    expect(firmware.getEncoderKeycode(1, 0, true)).toBe(0xa9);
    expect(store.getState().keyboard!.keymap[1]).toEqual(layer0);
    expect(commands.getState().undoStack).toHaveLength(1);

    sent.length = 0;
    await commands.getState().undo();
    expect(sent.filter((r) => r[0] === SET_BUFFER)).toHaveLength(7);
    expect(firmware.getKeycode(1, 3, 1)).toBe(0x01);
    expect(firmware.getEncoderKeycode(1, 0, true)).toBe(0x01);
    expect(commands.getState().undoStack).toHaveLength(0);
    expect(commands.getState().redoStack).toHaveLength(1);
  });

  it('clearing a layer that is already transparent writes nothing', async () => {
    const { commands, sent } = await setup();
    await commands.getState().runLayerOperation({ kind: 'clear', layer: 2, code: 0x01 });
    expect(sent).toEqual([]);
  });

  it('a swap takes what goes alongside it (the layer names) through undo and redo', async () => {
    const { store, commands, firmware } = await setup();
    const { keymap } = store.getState().keyboard!;
    const [layer0, layer2] = [keymap[0]!, keymap[2]!];
    const names = ['Base', '', 'Fn'];
    const swapNames = () => ([names[0], names[2]] = [names[2]!, names[0]!]);
    const step = await commands.getState().runLayerOperation({ kind: 'swap', a: 0, b: 2 }, swapNames);
    expect(step?.label).toBe('layer-swap');
    expect(commands.getState().undoStack.at(-1)).toBe(step);
    expect(firmware.getKeycode(0, 3, 1)).toBe(layer2[3 * 16 + 1]);
    expect(firmware.getKeycode(2, 3, 1)).toBe(layer0[3 * 16 + 1]);
    expect(names).toEqual(['Fn', '', 'Base']);
    await commands.getState().undo();
    expect(firmware.getKeycode(0, 3, 1)).toBe(layer0[3 * 16 + 1]);
    expect(names).toEqual(['Base', '', 'Fn']);
    await commands.getState().redo();
    expect(names).toEqual(['Fn', '', 'Base']);
  });
});
