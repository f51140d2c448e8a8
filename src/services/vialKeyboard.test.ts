import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { compileSourceDefinition } from '../definitions/compile.ts';
import { realTimers } from '../lib/timers.ts';
import { ViaClient } from '../protocol/viaClient.ts';
import { createDeviceStore } from '../state/deviceStore.ts';
import { setEncoder } from '../state/deviceWrites.ts';
import { memoryStorage } from '../state/storage.ts';
import { HidProvider } from '../transport/hidProvider.ts';
import {
  configFromDefinition,
  VirtualHid,
  VirtualHidDevice,
  VirtualFirmware,
  type VirtualKeyboardConfig,
} from '../virtual-keyboard/index.ts';
import { VIAL_DEMO_DEFINITION, vialDemoConfig } from '../virtual-keyboard/vial/vialDemo.ts';
import { xzStore } from '../virtual-keyboard/vial/xzStore.ts';
import { DefinitionsRepository } from './definitionsRepository.ts';
import { identifyVial } from './vialKeyboard.ts';
import {
  loadVialDefinition,
  MAX_VIAL_DEFINITION_BYTES,
  readVialDefinitionBytes,
  VialDefinitionError,
} from './vialDefinitionReader.ts';
import { DEVICE_FAMILIES } from '../families/deviceFamilies.ts';

const immediate = (fn: () => void) => queueMicrotask(fn);

/** A client on a virtual board, with every report it sends recorded. */
function clientFor(config: VirtualKeyboardConfig) {
  const device = new VirtualHidDevice(new VirtualFirmware(config), 'v', immediate);
  const sent: number[][] = [];
  const client = new ViaClient(device, { onLog: (e) => void (e.direction === 'out' && sent.push(e.bytes)) });
  return { client, sent, device };
}

/** The Vial demo with another definition in its firmware (raw bytes, as a broken build would carry). */
const withDefinition = (definition: Uint8Array): VirtualKeyboardConfig => {
  const config = vialDemoConfig();
  return { ...config, vial: { ...config.vial!, definition } };
};
const ids = { vendorId: 0x4b4c, productId: 0x0010, productName: 'Keyloom Vial 60' };
const json = (value: unknown) => xzStore(new TextEncoder().encode(JSON.stringify(value)));

const LUMEN = (() => {
  const r = compileSourceDefinition(
    JSON.parse(readFileSync(path.resolve(import.meta.dirname, '../../keyboards/demo/lumen65.json'), 'utf8')),
  );
  if (!r.ok) throw new Error(r.message);
  return r.value.definition;
})();

describe('recognising a Vial keyboard', () => {
  it('a Vial board answers fe 00 with its version and UID', async () => {
    const { client, sent } = clientFor(vialDemoConfig(5));
    expect(await identifyVial(client)).toEqual({ protocol: 5, uid: '354c5649414c3031', vialRgb: false });
    expect(sent[0]!.slice(0, 3)).toEqual([0xfe, 0x00, 0x00]);
  });

  it('a VIA board (protocol 9, answering 0xFF) is not one', async () => {
    const { client } = clientFor(configFromDefinition(LUMEN, { protocol: 9 }));
    expect(await identifyVial(client)).toBeNull();
  });
});

describe('reading the definition from the keyboard', () => {
  it('asks the size once and each 32-byte block once, in order', async () => {
    const { client, sent } = clientFor(vialDemoConfig());
    const bytes = await readVialDefinitionBytes(client);
    const blocks = Math.ceil(bytes.length / 32);
    expect(sent.map((r) => r.slice(0, 4))).toEqual([
      [0xfe, 0x01, 0, 0],
      ...Array.from({ length: blocks }, (_, b) => [0xfe, 0x02, b & 0xff, b >> 8]),
    ]);
    expect(bytes).toEqual(vialDemoConfig().vial!.definition);
  });

  it('compiles into a v2 definition with the USB ids, encoders and the layout option', async () => {
    const { client } = clientFor(vialDemoConfig());
    const { definition, version } = await loadVialDefinition(client, ids);
    expect(version).toBe('v2');
    expect(definition.vendorProductId).toBe(0x4b4c0010);
    expect(definition.name).toBe('Keyloom Vial 60');
    expect(definition.layouts.keys.filter((k) => k.ei !== undefined).map((k) => k.ei)).toEqual([0, 1]);
    expect(definition.layouts.labels).toEqual(['Split Backspace']);
    // VialRGB is no VIA lighting preset: the definition says none (the firmware's flag tells VialRGB).
    expect('lighting' in definition && definition.lighting).toBe('none');
    const v5 = await loadVialDefinition(clientFor(vialDemoConfig(5)).client, ids);
    expect('lighting' in v5.definition && v5.definition.lighting).toBe('qmk_rgblight');
  });

  it('a vial.json with VIA v3 menus compiles as v3 (menus kept); VialRGB lighting becomes none', async () => {
    const keymap = [['0,0', '0,1']];
    const menus = clientFor(
      withDefinition(
        json({
          name: 'M',
          matrix: { rows: 1, cols: 2 },
          layouts: { keymap },
          menus: ['qmk_rgblight'],
          keycodes: ['qmk_lighting'],
        }),
      ),
    );
    const v3 = await loadVialDefinition(menus.client, ids);
    expect(v3.version).toBe('v3');
    expect('menus' in v3.definition && v3.definition.menus.length).toBe(1);
    const rgb = clientFor(
      withDefinition(
        json({ name: 'R', lighting: 'vialrgb', matrix: { rows: 1, cols: 2 }, layouts: { keymap } }),
      ),
    );
    const v2 = await loadVialDefinition(rgb.client, ids);
    expect(v2.version).toBe('v2');
    expect('lighting' in v2.definition && v2.definition.lighting).toBe('none');
  });

  const refusals: [string, Uint8Array, RegExp][] = [
    ['not xz at all', new TextEncoder().encode('{"name":"plain json"}'), /could not be decompressed/],
    ['xz of something that is not JSON', xzStore(new TextEncoder().encode('not json')), /not valid JSON/],
    ['JSON without a matrix', json({ name: 'x', layouts: { keymap: [] } }), /invalid: matrix/],
    [
      'a key outside KLE',
      json({ name: 'x', matrix: { rows: 1, cols: 1 }, layouts: { keymap: [[42]] } }),
      /invalid: layouts.keymap row 0/,
    ],
    [
      'a key the compiler refuses',
      json({ name: 'x', matrix: { rows: 1, cols: 1 }, layouts: { keymap: [['0,0']], labels: 7 } }),
      /invalid: invalid v2 definition/,
    ],
  ];
  for (const [what, bytes, message] of refusals)
    it(`refuses ${what} with a clear message`, async () => {
      const { client } = clientFor(withDefinition(bytes));
      const error = await loadVialDefinition(client, ids).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(VialDefinitionError);
      expect((error as Error).message).toMatch(message);
    });

  it('refuses an oversized definition without reading its blocks', async () => {
    const { client, sent } = clientFor(withDefinition(new Uint8Array(MAX_VIAL_DEFINITION_BYTES + 1)));
    await expect(readVialDefinitionBytes(client)).rejects.toThrow(/65537 bytes; Keyloom reads at most 65536/);
    expect(sent).toHaveLength(1);
  });
});

describe('device store with a Vial keyboard', () => {
  function setup() {
    const errors: string[] = [];
    const fetched: string[] = [];
    const virtualHid = new VirtualHid({ schedule: immediate });
    const definitions = new DefinitionsRepository({
      fetch: async (url: string) => {
        fetched.push(url);
        return { ok: false, status: 404, json: async () => ({}) };
      },
      storage: memoryStorage(),
      baseUrl: 'http://app/',
      logError: (m) => errors.push(m),
    });
    const store = createDeviceStore({
      families: DEVICE_FAMILIES,
      provider: new HidProvider(null, virtualHid),
      definitions,
      timers: realTimers,
      logError: (m) => errors.push(m),
    });
    return { virtualHid, store, errors, fetched };
  }

  it('configures it with no served definition: keymap, encoders through Vial commands, the vial field', async () => {
    const { virtualHid, store, fetched } = setup();
    virtualHid.plugIn(vialDemoConfig());
    await store.getState().refresh();
    await vi.waitFor(() => expect(store.getState().phase).toBe('ready'));
    const { keyboard, devices } = store.getState();
    expect(devices[0]).toMatchObject({ hasDefinition: true, protocol: 9, vial: { protocol: 6 } });
    expect(keyboard!.vial).toEqual({ protocol: 6, uid: '4b4c5649414c3031', vialRgb: true });
    expect(keyboard!.keymap[0]!.slice(0, 2)).toEqual([0x29, 0x1e]);
    expect(keyboard!.encoders[0]).toEqual([
      [0xa9, 0xaa],
      [0x4f, 0x50],
    ]);
    expect(fetched.filter((u) => u.includes('/v2/'))).toEqual([]);
  });

  it('a Vial keyboard with VIA lighting (rgblight) reads its values; VialRGB is off for it', async () => {
    const { virtualHid, store } = setup();
    virtualHid.plugIn(vialDemoConfig(5));
    await store.getState().refresh();
    await vi.waitFor(() => expect(store.getState().phase).toBe('ready'));
    const { keyboard } = store.getState();
    expect(keyboard!.vial).toMatchObject({ protocol: 5, vialRgb: false });
    expect(keyboard!.values).toMatchObject({ '128': [200], '131': [170, 255] });
  });

  it("VialRGB goes by the firmware's flag (every VialRGB build sets it), not by the vial.json", async () => {
    const { virtualHid, store } = setup();
    const config = vialDemoConfig();
    const json = new TextEncoder().encode(JSON.stringify({ ...VIAL_DEMO_DEFINITION, lighting: 'none' }));
    virtualHid.plugIn({ ...config, vial: { ...config.vial!, definition: xzStore(json) } });
    await store.getState().refresh();
    await vi.waitFor(() => expect(store.getState().phase).toBe('ready'));
    expect(store.getState().keyboard!.vial).toMatchObject({ protocol: 6, vialRgb: true });
    // A vial.json saying vialrgb on a build without VialRGB (no flag): its lighting commands would go unanswered.
    const other = setup();
    other.virtualHid.plugIn({ ...config, vial: { ...config.vial!, vialRgb: false } });
    await other.store.getState().refresh();
    await vi.waitFor(() => expect(other.store.getState().phase).toBe('ready'));
    expect(other.store.getState().keyboard!.vial).toMatchObject({ protocol: 6, vialRgb: false });
  });

  it('writes an encoder with Vial set encoder (fe 04) and the firmware keeps it', async () => {
    const { virtualHid, store } = setup();
    const device = virtualHid.plugIn(vialDemoConfig());
    await store.getState().refresh();
    await vi.waitFor(() => expect(store.getState().phase).toBe('ready'));
    await setEncoder(store, 1, 0, true, 0x4b);
    expect(device.firmware.getEncoderKeycode(1, 0, true)).toBe(0x4b);
  });

  it('a broken definition: the reason on the Errors page and in the doctor, no retries, nothing crashes', async () => {
    const { virtualHid, store, errors } = setup();
    virtualHid.plugIn(withDefinition(xzStore(new TextEncoder().encode('{"oops"'))));
    await store.getState().refresh();
    await vi.waitFor(() => expect(store.getState().problems).toHaveLength(1));
    expect(store.getState().problems[0]).toMatchObject({
      problem: 'vialDefinition',
      detail: 'The Vial definition is not valid JSON.',
    });
    expect(errors).toEqual(['The Vial definition is not valid JSON.']);
    expect(store.getState().phase).toBe('none');
  });
});
