import { describe, expect, it } from 'vitest';
import { DFU_REQUEST as R } from '../../flash/DfuLink.ts';
import { flashAtmelDfu } from '../../flash/flashAtmelDfu.ts';
import { flashTarget } from '../../bootloaders/flashTargets.ts';
import { FlashFailure } from '../../flash/FlashSession.ts';
import { handednessImage } from '../../flash/handedness.ts';
import { recordUsb } from '../../flash/testing/recordUsb.ts';
import { demoBytes, demoFirmware, DEMO_FIRMWARE_SIZES, firstDifference } from './demoFirmware.ts';
import { VirtualAtmelDfuBootloader } from './VirtualAtmelDfuBootloader.ts';

const M32U4 = flashTarget('atmega32u4-atmel-dfu');
const USB1286 = flashTarget('at90usb1286-atmel-dfu');
const sleep = () => Promise.resolve();

async function failure(promise: Promise<unknown>): Promise<FlashFailure> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(FlashFailure);
  return error as FlashFailure;
}

describe('Atmel DFU client on the virtual 32U4 / AT90USB bootloader', () => {
  it('sends dfu-programmer’s FLIP commands byte for byte', async () => {
    const board = new VirtualAtmelDfuBootloader(M32U4);
    const { device, log } = recordUsb(board);
    const image = { segments: [{ address: 0x10, data: new Uint8Array([0xaa, 0xbb]) }] };
    expect(await flashAtmelDfu(device, image, M32U4, { sleep })).toEqual({ written: 2, verified: 2 });
    const outs = log.filter((t) => t.dir === 'out' && t.request === R.DNLOAD);
    // dfu-programmer's transaction counter in wValue, uploads (1, 3, 5, 11) counted too.
    expect(outs.map((t) => t.value)).toEqual([0, 2, 4, 6, 7, 8, 9, 10, 12, 13]);
    expect(outs.slice(0, 3).map((t) => t.data)).toEqual([
      [0x05, 0x01, 0x30],
      [0x05, 0x01, 0x31],
      [0x05, 0x01, 0x60],
    ]);
    expect(outs[3]!.data).toEqual([0x04, 0x00, 0xff]); // chip erase
    expect(outs[4]!.data).toEqual([0x06, 0x03, 0x00, 0x00]); // 64 KB page 0
    const write = outs[5]!.data;
    expect(write.slice(0, 32)).toEqual([0x01, 0x00, 0x00, 0x00, 0x03, 0xff, ...new Array(26).fill(0)]);
    expect(write.slice(32, 32 + 0x12)).toEqual([...new Array(16).fill(0xff), 0xaa, 0xbb]);
    expect(write.length).toBe(32 + 1024 + 16);
    expect(write.slice(-16)).toEqual([
      0, 0, 0, 0, 16, 0x44, 0x46, 0x55, 0x01, 0x10, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
    ]);
    expect(outs[6]!.data).toEqual([0x06, 0x03, 0x00, 0x00]);
    expect(outs[7]!.data).toEqual([0x03, 0x00, 0x00, 0x00, 0x03, 0xff]); // read 0x0000–0x03FF
    expect(outs[8]!.data).toEqual([0x04, 0x03, 0x00]); // start
    expect(log.at(-1)).toEqual({ dir: 'out', request: R.DNLOAD, value: 13, data: [] });
    expect(board.started).toBe(1);
  });

  it('flashes a 27,874-byte 32U4 image and finds exactly it in flash', async () => {
    const board = new VirtualAtmelDfuBootloader(M32U4, { initial: demoBytes(0x7000, 5) });
    const image = demoFirmware(DEMO_FIRMWARE_SIZES.atmega32u4);
    expect(await flashAtmelDfu(board, image, M32U4, { sleep })).toEqual({
      written: 27_874,
      verified: 27_874,
    });
    expect(firstDifference(board.flash.read(0, 27_874), image.segments[0]!.data)).toBe(-1);
    expect(board.flash.read(27_874, 0x7000 - 27_874)!.every((b) => b === 0xff)).toBe(true);
  });

  it('crosses the 64 KB page on an AT90USB1286 (70,410 bytes)', async () => {
    const board = new VirtualAtmelDfuBootloader(USB1286);
    const image = demoFirmware(DEMO_FIRMWARE_SIZES.at90usb1286);
    expect(await flashAtmelDfu(board, image, USB1286, { sleep })).toEqual({
      written: 70_410,
      verified: 70_410,
    });
    expect(firstDifference(board.flash.read(0, 70_410), image.segments[0]!.data)).toBe(-1);
  });

  it('refuses another chip before erasing anything', async () => {
    const board = new VirtualAtmelDfuBootloader(USB1286, { initial: demoBytes(100, 1) });
    const f = await failure(flashAtmelDfu(board, demoFirmware(100), M32U4, { sleep }));
    expect(f).toMatchObject({
      problem: { code: 'flash.wrongChip', values: { found: '0x1E 0x97 0x82', expected: '0x1E 0x95 0x87' } },
      keyboardState: 'untouched',
    });
    expect(firstDifference(board.flash.read(0, 100), demoBytes(100, 1))).toBe(-1);
  });

  it('writes the EE_HANDS byte without erasing flash or touching the rest of the EEPROM', async () => {
    const eeprom = demoBytes(1024, 9);
    const board = new VirtualAtmelDfuBootloader(M32U4, { initial: demoBytes(0x7000, 2), eeprom });
    const outcome = await flashAtmelDfu(board, handednessImage('left'), M32U4, { sleep, memory: 'eeprom' });
    expect(outcome).toEqual({ written: 15, verified: 15 });
    expect([...board.eeprom.subarray(0, 15)]).toEqual([...new Array(14).fill(0), 1]);
    expect(firstDifference(board.eeprom.subarray(15), eeprom.subarray(15))).toBe(-1);
    expect(firstDifference(board.flash.read(0, 0x7000), demoBytes(0x7000, 2))).toBe(-1);
  });

  it.each([
    [
      'a stalled block write',
      { stallAt: 5 },
      { code: 'flash.stalled', values: { step: { code: 'flashStep.write', values: {} } } },
    ],
    [
      'a disconnect mid-write',
      { disconnectAt: 5 },
      { code: 'flash.disconnected', values: { step: { code: 'flashStep.write', values: {} } } },
    ],
    ['a corrupt byte', { corruptAddress: 0x1234 }, { code: 'flash.verifyMismatch' }],
  ])('%s ends with its reason, and the board flashes again', async (_, faults, problem) => {
    const board = new VirtualAtmelDfuBootloader(M32U4, { faults });
    const image = demoFirmware(DEMO_FIRMWARE_SIZES.atmega32u4);
    const f = await failure(flashAtmelDfu(board, image, M32U4, { sleep }));
    expect(f).toMatchObject({ problem, keyboardState: 'incomplete' });
    board.replug();
    expect(await flashAtmelDfu(board, image, M32U4, { sleep })).toMatchObject({ verified: 27_874 });
  });
});
