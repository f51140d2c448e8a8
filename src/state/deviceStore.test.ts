import { readFileSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { compileSourceDefinition, type ServedDefinition } from '../definitions/compile.ts';
import { realTimers } from '../lib/timers.ts';
import { DefinitionsRepository } from '../services/definitionsRepository.ts';
import { HidProvider, type HidLike } from '../transport/hidProvider.ts';
import { configFromDefinition, VirtualHid, type VirtualHidDevice } from '../virtual-keyboard/index.ts';
import { createDeviceStore, MSG_ALL_RETRIES_FAILED, MSG_RETRYING } from './deviceStore.ts';
import { setKey } from './deviceWrites.ts';
import { memoryStorage } from './storage.ts';
import { createCommandStore, writingCommandCode } from './commands.ts';
import { DEVICE_FAMILIES } from '../families/deviceFamilies.ts';
import { MSG_INVALID_PROTOCOL } from '../families/viaFamily.ts';

const demo = (file: string): ServedDefinition => {
  const result = compileSourceDefinition(
    JSON.parse(readFileSync(path.resolve(import.meta.dirname, '../../keyboards/demo', file), 'utf8')),
  );
  if (!result.ok) throw new Error(result.message);
  return result.value.definition;
};
const AURORA = demo('aurora75.json');
const LUMEN = demo('lumen65.json');

function setup(options: { served?: ServedDefinition[]; timers?: typeof realTimers; real?: HidLike } = {}) {
  const served = options.served ?? [AURORA, LUMEN];
  const files: Record<string, unknown> = {
    'definitions/supported_kbs.json': {
      hash: 'h1',
      vendorProductIds: {
        v2: served.filter((d) => 'lighting' in d).map((d) => d.vendorProductId),
        v3: served.filter((d) => 'menus' in d).map((d) => d.vendorProductId),
      },
    },
    'tabkb/configs.json': [],
  };
  for (const d of served) files[`definitions/${'menus' in d ? 'v3' : 'v2'}/${d.vendorProductId}.json`] = d;
  const fetched: string[] = [];
  const fetch = async (url: string) => {
    const key = url.replace('http://app/', '');
    fetched.push(key);
    return { ok: key in files, status: key in files ? 200 : 404, json: async () => files[key] };
  };
  const errors: string[] = [];
  const virtualHid = new VirtualHid({ schedule: (fn) => queueMicrotask(fn) });
  const provider = new HidProvider(options.real ?? null, virtualHid);
  const definitions = new DefinitionsRepository({
    fetch,
    storage: memoryStorage(),
    baseUrl: 'http://app/',
    logError: (m) => errors.push(m),
  });
  const store = createDeviceStore({
    families: DEVICE_FAMILIES,
    provider,
    definitions,
    timers: options.timers ?? realTimers,
    logError: (m) => errors.push(m),
  });
  return { virtualHid, store, errors, fetched, definitions };
}

afterEach(() => vi.useRealTimers());

describe('device store', () => {
  it('recognises a supported keyboard, selects it and loads its keymap from the device', async () => {
    const { virtualHid, store } = setup();
    const device = virtualHid.plugIn(configFromDefinition(AURORA));
    device.firmware.handleReport(Uint8Array.from([0x05, 1, 2, 3, 0x42, 0x2c]));
    await store.getState().refresh();
    await vi.waitFor(() => expect(store.getState().phase).toBe('ready'));
    const { keyboard, devices } = store.getState();
    expect(devices.map((d) => [d.productName, d.protocol, d.requiredDefinitionVersion])).toEqual([
      ['Keyloom Aurora 75', 12, 'v3'],
    ]);
    expect(keyboard!.layerCount).toBe(4);
    expect(keyboard!.keymap[1]![2 * 16 + 3]).toBe(0x422c);
    expect(keyboard!.encoders[0]).toEqual([
      [0xa9, 0xaa],
      [0xa9, 0xaa],
    ]);
  });

  it('loads in the spec order: macros, layout options, menu values, then layers and keymap', async () => {
    const { virtualHid, store } = setup();
    const device = virtualHid.plugIn(configFromDefinition(AURORA));
    const commands: number[] = [];
    const send = device.sendReport.bind(device);
    device.sendReport = (id, data) => {
      commands.push(new Uint8Array(data as ArrayBuffer)[0]!);
      return send(id, data);
    };
    await store.getState().refresh();
    await vi.waitFor(() => expect(store.getState().phase).toBe('ready'));
    const firstOf = (c: number) => commands.indexOf(c);
    expect(firstOf(0x0c)).toBeLessThan(firstOf(0x08)); // macros before menu values
    expect(firstOf(0x08)).toBeLessThan(firstOf(0x11)); // menu values before layer count
    expect(firstOf(0x11)).toBeLessThan(firstOf(0x12)); // layer count before keymap
    expect(firstOf(0x12)).toBeLessThan(firstOf(0x14)); // keymap before encoders
  });

  it('shows the keyboard just authorized in the browser chooser instead of the virtual one', async () => {
    // The browser's WebHID: a Lumen 65 (a working model on a hidden bus) that is listed once it is granted.
    const board = new VirtualHid({ schedule: (fn) => queueMicrotask(fn) }).plugIn(
      configFromDefinition(LUMEN),
    );
    const granted: VirtualHidDevice[] = [];
    const real: HidLike = Object.assign(new EventTarget(), {
      getDevices: async () => granted,
      requestDevice: async () => {
        granted.push(board);
        return [board];
      },
    });
    const { virtualHid, store } = setup({ real });
    virtualHid.plugIn(configFromDefinition(AURORA));
    await store.getState().refresh();
    await vi.waitFor(() => expect(store.getState().keyboard?.definition.name).toBe('Keyloom Aurora 75'));
    await store.getState().authorizeNew();
    await vi.waitFor(() => expect(store.getState().keyboard?.definition.name).toBe(LUMEN.name));
    expect(store.getState().devices.find((d) => d.path === store.getState().selectedPath)?.virtual).toBe(
      false,
    );
  });

  it("selecting a device that is not in the list logs 'Missing hid device in cache'", async () => {
    const { store, errors } = setup();
    await store.getState().select('hid-404');
    expect(errors).toEqual(['Missing hid device in cache']);
  });

  it('drops a device whose protocol version cannot be read, keeping why for the connection doctor', async () => {
    const { virtualHid, store, errors } = setup();
    const device = virtualHid.plugIn(configFromDefinition(AURORA));
    device.faults.inject({ kind: 'unhandled' }, { times: 3 });
    await store.getState().refresh();
    expect(store.getState().devices).toEqual([]);
    expect(errors).toContain(MSG_INVALID_PROTOCOL);
    expect(store.getState().problems).toEqual([
      {
        path: 'virtual-1',
        productName: 'Keyloom Aurora 75',
        vendorId: 0x4b4c,
        productId: 2,
        virtual: true,
        problem: 'viaDisabled',
      },
    ]);
  });

  it('tells protocol −1, silence and a device that cannot be opened apart', async () => {
    const { virtualHid, store } = setup();
    const device = virtualHid.plugIn(configFromDefinition(AURORA));
    const kinds = async () => {
      await store.getState().refresh();
      return store.getState().problems.map((p) => p.problem);
    };
    device.faults.inject({ kind: 'overwrite', offset: 1, bytes: [0xff, 0xff] }, { command: 0x01 });
    expect(await kinds()).toEqual(['invalidProtocol']);
    device.faults.inject({ kind: 'drop' }, { command: 0x01, times: 3 });
    expect(await kinds()).toEqual(['notAnswering']);
    await device.close();
    device.faults.refuseOpen = true;
    expect(await kinds()).toEqual(['cannotOpen']);
    device.faults.refuseOpen = false;
    expect(await kinds()).toEqual([]);
    expect(store.getState().devices.map((d) => d.productName)).toEqual(['Keyloom Aurora 75']);
  });

  it('keeps a keyboard without a definition, shown as such, and loads it once a definition is added', async () => {
    const { virtualHid, store, fetched, definitions } = setup();
    // Lumen 65 has only a v2 definition; on protocol 12 it needs v3.
    virtualHid.plugIn(configFromDefinition(LUMEN, { protocol: 12 }));
    await store.getState().refresh();
    await vi.waitFor(() => expect(store.getState().phase).toBe('noDefinition'));
    expect(
      store.getState().devices.map((d) => [d.productName, d.hasDefinition, d.requiredDefinitionVersion]),
    ).toEqual([['Keyloom Lumen 65', false, 'v3']]);
    expect(store.getState().selectedPath).toBe('virtual-1');
    expect(store.getState().keyboard).toBeNull();
    expect(fetched.filter((f) => f.includes('/v3/'))).toEqual([]);
    const v3 = { ...AURORA, vendorProductId: LUMEN.vendorProductId, name: 'Lumen 65 v3' };
    definitions.registerLocal(v3, 'v3');
    await store.getState().definitionsChanged();
    await vi.waitFor(() => expect(store.getState().phase).toBe('ready'));
    expect(store.getState().devices[0]!.hasDefinition).toBe(true);
  });

  it('chooses a keyboard it can configure before one that waits for a definition', async () => {
    const { virtualHid, store } = setup();
    virtualHid.plugIn(configFromDefinition(LUMEN, { protocol: 12 }));
    virtualHid.plugIn(configFromDefinition(AURORA));
    await store.getState().refresh();
    await vi.waitFor(() => expect(store.getState().phase).toBe('ready'));
    expect(store.getState().selectedPath).toBe('virtual-2');
    expect(store.getState().devices).toHaveLength(2);
  });

  it('retries a failing load 8 times from 100 ms, doubling, then clears the devices', async () => {
    vi.useFakeTimers();
    const { virtualHid, store, errors } = setup({
      served: [AURORA],
      timers: { setTimeout: (fn, ms) => setTimeout(fn, ms), clearTimeout: (h) => clearTimeout(h as never) },
    });
    const device: VirtualHidDevice = virtualHid.plugIn(configFromDefinition(AURORA));
    await store.getState().refresh();
    // From now on every layer-count request goes unanswered as unsupported.
    device.faults.inject({ kind: 'unhandled' }, { times: 1000, command: 0x11 });
    void store.getState().select(store.getState().devices[0]!.path);
    let waited = 0;
    for (const wait of [100, 200, 400, 800, 1600, 3200, 6400, 12800]) {
      await vi.advanceTimersByTimeAsync(wait);
      waited += wait;
    }
    await vi.advanceTimersByTimeAsync(10);
    expect(waited).toBe(25_500);
    expect(errors.filter((e) => e === MSG_RETRYING)).toHaveLength(8);
    expect(errors.at(-1)).toBe(MSG_ALL_RETRIES_FAILED);
    expect(store.getState().devices).toEqual([]);
  });

  it('arbitrary reply bytes on keymap reads never throw past the store nor corrupt the loaded keymap', async () => {
    await fc.assert(
      fc.asyncProperty(fc.uint8Array({ minLength: 32, maxLength: 32 }), async (garbage) => {
        const { virtualHid, store } = setup({ served: [AURORA] });
        const device = virtualHid.plugIn(configFromDefinition(AURORA));
        await store.getState().refresh();
        await vi.waitFor(() => expect(store.getState().phase).toBe('ready'));
        const before = structuredClone(store.getState().keyboard!.keymap);
        // A key write whose reply is garbage: the client rejects it, state must stay as it was.
        const deliver = device.dispatchEvent.bind(device);
        device.dispatchEvent = (event) => {
          Object.assign(event, { data: new DataView(garbage.slice().buffer) });
          return deliver(event);
        };
        await setKey(store, 0, 0, 0, 0x0004).catch(() => undefined);
        const after = store.getState().keyboard!.keymap;
        const changed = after[0]![0] !== before[0]![0];
        return changed
          ? after[0]![0] === 0x0004 && after.slice(1).every((l, i) => l.join() === before[i + 1]!.join())
          : after.every((l, i) => l.join() === before[i]!.join());
      }),
      { numRuns: 25 },
    );
  });
});

describe('key and encoder edits (command store over the device store)', () => {
  async function ready() {
    const { virtualHid, store } = setup({ served: [AURORA] });
    const device = virtualHid.plugIn(configFromDefinition(AURORA));
    await store.getState().refresh();
    await vi.waitFor(() => expect(store.getState().phase).toBe('ready'));
    // As in the app once the page was idle after the first keymap (src/main.tsx): the writing commands are here.
    await writingCommandCode.load();
    return { device, store, commands: createCommandStore(store) };
  }
  const key = (store: Awaited<ReturnType<typeof ready>>['store'], row: number, col: number) =>
    store.getState().keyboard!.keymap[0]![row * AURORA.matrix.cols + col];

  it('shows the new code before the device answers, and keeps it once written', async () => {
    const { device, store, commands } = await ready();
    const write = commands.getState().assignKey(0, 3, 1, 0x0005);
    expect(key(store, 3, 1)).toBe(0x0005);
    await write;
    expect(device.firmware.getKeycode(0, 3, 1)).toBe(0x0005);
    expect(commands.getState().undoStack).toHaveLength(1);
  });

  it('a failed write puts the old code back, leaves history as it was and keeps the failure for the pane', async () => {
    const { device, store, commands } = await ready();
    const before = key(store, 3, 1)!;
    device.faults.inject({ kind: 'error238' }, { command: 0x05, times: 4 });
    await expect(commands.getState().assignKey(0, 3, 1, 0x0005)).rejects.toThrow();
    expect(key(store, 3, 1)).toBe(before);
    expect(commands.getState().undoStack).toEqual([]);
    expect(commands.getState().failure).toMatchObject({ shown: before, edit: { row: 3, col: 1 } });
  });

  it('undoes and redoes an encoder assignment on the device', async () => {
    const { device, store, commands } = await ready();
    const before = store.getState().keyboard!.encoders[1]![0]![0];
    await commands.getState().assignEncoder(1, 0, true, 0x00ab);
    expect(device.firmware.getEncoderKeycode(1, 0, true)).toBe(0x00ab);
    await commands.getState().undo();
    expect(device.firmware.getEncoderKeycode(1, 0, true)).toBe(before);
    expect(store.getState().keyboard!.encoders[1]![0]![0]).toBe(before);
    await commands.getState().redo();
    expect(device.firmware.getEncoderKeycode(1, 0, true)).toBe(0x00ab);
  });
});
