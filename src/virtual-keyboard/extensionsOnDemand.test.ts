import { describe, expect, it } from 'vitest';
import { VirtualFirmware, type EepromStorage } from './VirtualFirmware.ts';
import { VirtualHidDevice } from './VirtualHidDevice.ts';
import type { VirtualKeyboardConfig } from './config.ts';
import type * as Extensions from './extendedFeatures.ts';
import { replyLog } from '../../tests/support/replyLog.ts';

/** A Hall-effect board with an LED grid: its actuation and transfer commands need the extensions' code. */
const BOARD: VirtualKeyboardConfig = {
  name: 'On demand',
  vendorId: 0x4b4c,
  productId: 0x0007,
  protocol: 12,
  rows: 2,
  cols: 3,
  layers: 1,
  macroCount: 0,
  macroBufferSize: 0,
  encoders: 0,
  layoutOptionBytes: 1,
  actuation: true,
  matrixLighting: { rows: 2, cols: 3, maxFrames: 10 },
};

const settle = async () => {
  for (let i = 0; i < 5; i++) await new Promise<void>((resolve) => setImmediate(resolve));
};

/** A board whose extensions' code arrives only when the test says so (`arrive`); `loads` counts the loads. */
async function heldBoard(config: VirtualKeyboardConfig = BOARD, storage?: EepromStorage) {
  let resolveLoad: (module: typeof Extensions) => void = () => {};
  let rejectLoad: (error: Error) => void = () => {};
  let loads = 0;
  const firmware = new VirtualFirmware(config, {
    ...(storage ? { storage } : {}),
    importExtensions: () => {
      loads++;
      return new Promise((resolve, reject) => {
        resolveLoad = resolve;
        rejectLoad = reject;
      });
    },
  });
  const device = new VirtualHidDevice(firmware, 'v', (fn) => queueMicrotask(fn));
  await device.open();
  const { replies, send } = replyLog(device);
  return {
    firmware,
    device,
    replies,
    send,
    loads: () => loads,
    /** The code arrives (the real module) and the board answers what waited for it. */
    arrive: async () => {
      resolveLoad(await import('./extendedFeatures.ts'));
      await settle();
    },
    fail: async () => {
      rejectLoad(new Error('chunk failed'));
      await settle();
    },
  };
}

describe('the virtual firmware loads its vendor extensions on first use', () => {
  it('a keyboard load (core commands only) never loads them', async () => {
    const b = await heldBoard();
    for (const command of [0x01, 0x0c, 0x0d, 0x11, 0x12, 0x14]) await b.send(command);
    await b.send(0x02, 0x04); // firmware version
    await b.send(0x08, 0x00, 0x01); // a custom value
    await settle();
    expect(b.replies).toHaveLength(8);
    expect(b.loads()).toBe(0);
  });

  it('requests sent while the code loads wait behind the one that needs it: replies stay in order', async () => {
    const b = await heldBoard();
    await b.send(0x01);
    await settle();
    expect(b.replies).toEqual(['01 00 0c']);
    await b.send(162); // run the self check: needs the actuation model
    await b.send(0x11); // layer count: answered by the core, yet after 162
    await b.send(161); // self-check state
    await settle();
    expect(b.replies).toEqual(['01 00 0c']);
    expect(b.loads()).toBe(1);
    await b.arrive();
    expect(b.replies).toEqual(['01 00 0c', 'a2 01 00', '11 01 00', 'a1 01 00']);
    // Once loaded, nothing waits any more.
    await b.send(0x11);
    await b.send(161);
    await settle();
    expect(b.replies.slice(4)).toEqual(['11 01 00', 'a1 01 00']);
    expect(b.loads()).toBe(1);
  });

  it('faults taken while the code loads still apply to their own request', async () => {
    const b = await heldBoard();
    b.device.faults.inject({ kind: 'drop' }, { command: 161 });
    b.device.faults.inject({ kind: 'wrongEcho' }, { command: 0x11 });
    await b.send(161);
    await b.send(0x11);
    await b.send(0x01);
    await b.arrive();
    expect(b.replies).toEqual(['11 02 00', '01 00 0c']);
  });

  it('an unplug while requests wait loses their replies; later writes fail', async () => {
    const b = await heldBoard();
    await b.send(162);
    b.device.unplug();
    await expect(b.send(0x01)).rejects.toThrow('Failed to write the report.');
    await b.arrive();
    expect(b.replies).toEqual([]);
    // The board still ran what it was sent before the cable went, as real firmware does.
    const selfChecked = b.firmware.handleReport(Uint8Array.from([161, ...Array(31).fill(0)]))!;
    expect(selfChecked[1]).toBe(1);
  });

  it('code that fails to load drops the waiting requests; the next one loads it again', async () => {
    const b = await heldBoard();
    await b.send(161);
    await b.send(0x01);
    await b.fail();
    // The request that needed the code gets no reply; the one behind it is still answered.
    expect(b.replies).toEqual(['01 00 0c']);
    await b.send(161);
    await settle();
    expect(b.loads()).toBe(2);
    await b.arrive();
    expect(b.replies).toEqual(['01 00 0c', 'a1 00 00']);
  });

  it('what the stored image holds for them survives a session that never loaded them', async () => {
    const store = new Map<string, Uint8Array>();
    const storage = {
      load: (k: string) => store.get(k) ?? null,
      save: (k: string, v: Uint8Array) => void store.set(k, v),
    };
    const first = await heldBoard(BOARD, storage);
    await first.send(171, 1, 2, 0x00, 0x96, 0x00, 0x0a, 0x00, 0x14); // AP of key (1, 2): 150
    await first.arrive();
    expect(first.firmware.actuationPoint(1, 2)).toBe(150);
    // A second session writes the keymap (the image is saved again) without touching actuation.
    const second = await heldBoard(BOARD, storage);
    await second.send(0x05, 0, 0, 0, 0x00, 0x04);
    await settle();
    expect(second.loads()).toBe(0);
    // A third session finds both.
    const third = new VirtualFirmware(BOARD, { storage });
    await third.loadExtensions();
    expect(third.getKeycode(0, 0, 0)).toBe(0x04);
    expect(third.actuationPoint(1, 2)).toBe(150);
  });

  it('boards without extensions answer unknown commands at once (0xFF), with nothing to load', async () => {
    const b = await heldBoard({
      ...BOARD,
      actuation: false,
      matrixLighting: undefined,
    } as VirtualKeyboardConfig);
    await b.send(161);
    await b.send(192, 1, 10, 2, 3);
    await settle();
    expect(b.replies).toEqual(['ff 00 00', 'ff 01 0a']);
    expect(b.loads()).toBe(0);
  });

  it('called directly, a request that needs them throws until they are loaded', async () => {
    const firmware = new VirtualFirmware(BOARD);
    const request = Uint8Array.from([161, ...Array(31).fill(0)]);
    expect(() => firmware.handleReport(request)).toThrow('loadExtensions');
    expect(() => firmware.actuationPoint(0, 0)).toThrow('loadExtensions');
    await firmware.loadExtensions();
    expect([...firmware.handleReport(request)!.subarray(0, 2)]).toEqual([161, 0]);
    expect(firmware.actuationPoint(0, 0)).toBe(200);
  });
});
