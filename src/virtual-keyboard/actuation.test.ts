import { describe, expect, it } from 'vitest';
import { ViaClient } from '../protocol/viaClient.ts';
import { ActuationCommandSet } from '../protocol/actuationCommands.ts';
import { VirtualFirmware } from './VirtualFirmware.ts';
import { VirtualHidDevice } from './VirtualHidDevice.ts';

const config = {
  name: 'Hall',
  vendorId: 1,
  productId: 2,
  protocol: 12,
  rows: 2,
  cols: 5,
  layers: 1,
  macroCount: 0,
  macroBufferSize: 0,
  encoders: 0,
  layoutOptionBytes: 1,
  actuation: true,
};
const hex = (b: Uint8Array, n: number) =>
  [...b.subarray(0, n)].map((x) => x.toString(16).padStart(2, '0')).join(' ');
/** A board with its extensions' code loaded, so requests can be answered synchronously here. */
async function board(...args: ConstructorParameters<typeof VirtualFirmware>): Promise<VirtualFirmware> {
  const fw = new VirtualFirmware(...args);
  await fw.loadExtensions();
  return fw;
}
const send = (fw: VirtualFirmware, bytes: number[]) =>
  fw.handleReport(Uint8Array.from([...bytes, ...new Array(32 - bytes.length).fill(0)]))!;

describe('virtual Hall-effect actuation (docs/adr/0004-actuation-bytes.md)', () => {
  it('self check: 161 reads 0 until 162 runs it', async () => {
    const fw = await board(config);
    expect(hex(send(fw, [161]), 2)).toBe('a1 00');
    expect(hex(send(fw, [162]), 2)).toBe('a2 01');
    expect(hex(send(fw, [161]), 2)).toBe('a1 01');
  });
  it('171 sets a key (row, col, ap, dzt, dzb as u16), 170 reads keys in chunks of 4, values clamp at 400', async () => {
    const fw = await board(config);
    send(fw, [171, 1, 2, 0x00, 0x96, 0x00, 0x0a, 0x07, 0xd0]);
    expect(fw.actuationPoint(1, 2)).toBe(150);
    // Key index 7 = row 1 col 2: second read chunk starts at key 4, so it is the 4th entry.
    // Keys 4–6 are as they left the factory (2.00 mm, FACTORY_AP), key 7 as just set.
    expect(hex(send(fw, [170, 0, 4, 4]), 28)).toBe(
      'aa 00 04 04 ' + '00 c8 00 00 00 00 '.repeat(3) + '00 96 00 0a 01 90',
    );
    // 172 puts every key back to the factory's 2.00 mm, never to 0.00 mm.
    send(fw, [172]);
    expect(fw.actuationPoint(1, 2)).toBe(200);
  });
  it('unknown on boards without actuation: 0xFF', async () => {
    expect(hex(send(new VirtualFirmware({ ...config, actuation: false }), [161]), 1)).toBe('ff');
  });
  it('the client reads and writes actuation over the same bytes', async () => {
    // Not loaded beforehand: the device loads the extensions' code on the first actuation request.
    const fw = new VirtualFirmware(config);
    const commands = new ActuationCommandSet(
      new ViaClient(new VirtualHidDevice(fw, 'v', (f) => queueMicrotask(f))),
    );
    expect(await commands.selfChecked()).toBe(false);
    expect(await commands.runSelfCheck()).toBe(true);
    await commands.setActuation(0, 3, { ap: 200, dzt: 5, dzb: 10 });
    const keys = await commands.readActuation(10);
    expect(keys).toHaveLength(10);
    expect(keys[3]).toEqual({ ap: 200, dzt: 5, dzb: 10 });
  });
});

describe('virtual rapid trigger (193 size, 194 read, 195 set, 196 defaults)', () => {
  it('195 sets flags and sensitivities; 194 reads them back four keys at a time; 196 clears', async () => {
    const fw = await board(config);
    expect(hex(send(fw, [193]), 2)).toBe('c1 06');
    // Row 1 col 2 (key 7): enabled + continuous, press 0.30 mm (30), release 0.50 mm (50).
    send(fw, [195, 1, 2, 3, 0x00, 0x1e, 0x00, 0x32]);
    expect(fw.rapidTrigger(1, 2)).toEqual({ enabled: true, crtEnabled: true, rt1: 30, rt2: 50 });
    // Keys 4–6 as they left the factory (off, 0.30 mm both ways: FACTORY_RT), key 7 as just set.
    expect(hex(send(fw, [194, 0, 4, 4]), 28)).toBe(
      'c2 00 04 04 ' + '00 00 00 1e 00 1e '.repeat(3) + '03 00 00 1e 00 32',
    );
    send(fw, [196]);
    expect(fw.rapidTrigger(1, 2)).toEqual({ enabled: false, crtEnabled: false, rt1: 30, rt2: 30 });
  });
});

describe('DKS entries (209 count, 210 read, 211 set, 212 clear)', () => {
  it('an entry is 23 bytes; points pack four per byte; set replaces the same key; clear removes it', async () => {
    const { encodeDks, decodeDks } = await import('../protocol/actuation.ts');
    const { defaultDks } = await import('../qmk/actuation.ts');
    const entry = defaultDks(1, 0, 3);
    entry.actions[0] = { keycode: 0x04, points: [1, 0, 0, 2] };
    entry.actions[1] = { keycode: 0x2c, points: [0, 3, 0, 0] };
    const bytes = encodeDks(entry);
    expect(bytes).toHaveLength(23);
    expect(bytes.slice(0, 11)).toEqual([1, 0, 3, 0, 70, 1, 94, 1, 94, 0, 70]);
    expect(bytes.slice(19)).toEqual([0b10000001, 0b00001100, 0, 0]);
    expect(decodeDks(bytes, 0)).toEqual(entry);

    const fw = await board(config);
    send(fw, [211, ...bytes]);
    send(fw, [211, ...bytes]);
    expect(hex(send(fw, [209]), 3)).toBe('d1 01 10');
    expect(decodeDks(send(fw, [210, 0]), 2)).toEqual(entry);
    send(fw, [212, 1, 0, 3]);
    expect(fw.dksEntries()).toEqual([]);
  });
});

describe('actuation survives a reload like the rest of the EEPROM (issue #13.3)', () => {
  const memory = () => {
    const saved = new Map<string, Uint8Array>();
    return { load: (k: string) => saved.get(k) ?? null, save: (k: string, b: Uint8Array) => saved.set(k, b) };
  };

  it('AP, RT, DKS and the self check are back after the board is built again from storage', async () => {
    const storage = memory();
    const fw = await board(config, { storage });
    send(fw, [162]);
    send(fw, [171, 1, 2, 0x00, 0x7d, 0x00, 0x0a, 0x00, 0x14]);
    send(fw, [195, 0, 3, 1, 0x00, 0x32, 0x00, 0x19]);
    send(fw, [211, 0, 0, 4, 0, 70, 1, 94, 1, 94, 0, 70, 0, 4, 0, 5, 0, 0, 0, 0, 0x81, 0x0c, 0, 0]);
    const again = await board(config, { storage });
    expect(again.actuationPoint(1, 2)).toBe(125);
    expect(again.rapidTrigger(0, 3)).toEqual({ enabled: true, crtEnabled: false, rt1: 50, rt2: 25 });
    expect(again.dksEntries()).toEqual(fw.dksEntries());
    expect(again.dksEntries()).toHaveLength(1);
    expect(hex(send(again, [161]), 2)).toBe('a1 01');
  });

  it('a stored actuation image that does not fit the board is ignored part by part', async () => {
    const storage = memory();
    const fw = await board(config, { storage });
    send(fw, [171, 0, 0, 0x00, 0x64, 0, 0, 0, 0]);
    const image = JSON.parse(new TextDecoder().decode(fw.serialize())) as Record<string, unknown>;
    image.actuation = { keys: [{ ap: 9999 }], rt: 'x', dks: [{ layer: 'a' }], selfChecked: 3 };
    storage.save('vk:1:2', new TextEncoder().encode(JSON.stringify(image)));
    const again = await board(config, { storage });
    expect(again.actuationPoint(0, 0)).toBe(200);
    expect(again.dksEntries()).toEqual([]);
    expect(again.rapidTrigger(0, 0)).toEqual({ enabled: false, crtEnabled: false, rt1: 30, rt2: 30 });
  });
});
