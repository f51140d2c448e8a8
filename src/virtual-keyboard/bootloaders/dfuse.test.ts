import { describe, expect, it } from 'vitest';
import { DFU_REQUEST as R } from '../../flash/DfuLink.ts';
import { parseDfuseLayout } from '../../flash/dfuseLayout.ts';
import { flashDfuse } from '../../flash/flashDfuse.ts';
import { flashTarget } from '../../bootloaders/flashTargets.ts';
import { FlashFailure, type FlashProgress } from '../../flash/FlashSession.ts';
import { recordUsb } from '../../flash/testing/recordUsb.ts';
import { demoBytes, demoFirmware, DEMO_FIRMWARE_SIZES, firstDifference } from './demoFirmware.ts';
import { VirtualDfuseBootloader } from './VirtualDfuseBootloader.ts';

const F411 = flashTarget('stm32f411-dfu');
const layout = F411.dfuseLayout!;
const sleep = () => Promise.resolve();
const BASE = 0x08000000;

describe('DfuSe memory layouts', () => {
  it('reads runs, multipliers and the type letter’s three bits', () => {
    expect(parseDfuseLayout('@Internal Flash  /0x08000000/04*016Kg,01*064Kg,03*128Kg')).toEqual([
      {
        start: BASE,
        end: BASE + 0x10000,
        sectorSize: 0x4000,
        readable: true,
        erasable: true,
        writable: true,
      },
      {
        start: BASE + 0x10000,
        end: BASE + 0x20000,
        sectorSize: 0x10000,
        readable: true,
        erasable: true,
        writable: true,
      },
      {
        start: BASE + 0x20000,
        end: BASE + 0x80000,
        sectorSize: 0x20000,
        readable: true,
        erasable: true,
        writable: true,
      },
    ]);
    expect(parseDfuseLayout('@Option Bytes  /0x1FFFC000/01*016 e')).toMatchObject([
      { sectorSize: 16, readable: true, erasable: false, writable: true },
    ]);
    expect(parseDfuseLayout('@Internal Flash  /0x08000000/4*16Q')).toBeNull();
    expect(parseDfuseLayout('Internal Flash')).toBeNull();
  });
});

describe('DfuSe client on the virtual STM32 bootloader', () => {
  it('sends AN3156’s requests byte for byte: erase the sector, set the address, block 2, read back, leave', async () => {
    const board = new VirtualDfuseBootloader({ layout, transferSize: 2048 });
    const { device, log } = recordUsb(board);
    const image = { segments: [{ address: BASE + 0x10, data: new Uint8Array([1, 2, 3, 4]) }] };
    const outcome = await flashDfuse(device, image, { layout, sleep });
    expect(outcome).toEqual({ written: 4, verified: 4 });
    const status = { dir: 'in', request: R.GETSTATUS, value: 0, data: [], length: 6 };
    const cmd = (bytes: number[]) => ({ dir: 'out', request: R.DNLOAD, value: 0, data: bytes });
    expect(log).toEqual([
      status, // in dfuIDLE already: nothing to clear
      cmd([0x41, 0x00, 0x00, 0x00, 0x08]), // erase the 16 KB sector at 0x08000000
      status, // dfuDNBUSY
      status, // dfuDNLOAD-IDLE
      cmd([0x21, 0x10, 0x00, 0x00, 0x08]), // address pointer 0x08000010
      status,
      status,
      { dir: 'out', request: R.DNLOAD, value: 2, data: [1, 2, 3, 4] },
      status,
      status,
      cmd([0x21, 0x10, 0x00, 0x00, 0x08]), // read back from the same address
      status,
      status,
      { dir: 'out', request: R.ABORT, value: 0, data: [] },
      { dir: 'in', request: R.UPLOAD, value: 2, data: [], length: 4 },
      { dir: 'out', request: R.ABORT, value: 0, data: [] },
      cmd([0x21, 0x10, 0x00, 0x00, 0x08]), // leave at the image's start
      status,
      status,
      { dir: 'out', request: R.DNLOAD, value: 2, data: [] },
      status, // dfuMANIFEST, then the board leaves
    ]);
    expect(board.started).toBe(1);
  });

  it('flashes a 61,732-byte STM32F411 image, erasing only the four 16 KB sectors it needs', async () => {
    const old = demoBytes(0x20000, 7);
    const board = new VirtualDfuseBootloader({ layout, initial: old });
    const image = demoFirmware(DEMO_FIRMWARE_SIZES.stm32f411, BASE);
    const seen: FlashProgress[] = [];
    const outcome = await flashDfuse(board, image, { layout, sleep, onProgress: (p) => seen.push(p) });
    expect(outcome).toEqual({ written: 61_732, verified: 61_732 });
    expect(firstDifference(board.flash.read(BASE, 61_732), image.segments[0]!.data)).toBe(-1);
    // The rest of the last 16 KB sector was erased with it; the 64 KB sector after (QMK's EEPROM) was kept.
    expect(
      firstDifference(
        board.flash.read(BASE + 61_732, 0x10000 - 61_732),
        new Uint8Array(0x10000 - 61_732).fill(0xff),
      ),
    ).toBe(-1);
    expect(firstDifference(board.flash.read(BASE + 0x10000, 0x10000), old.subarray(0x10000, 0x20000))).toBe(
      -1,
    );
    expect(seen.filter((p) => p.phase === 'erase').at(-1)).toEqual({ phase: 'erase', done: 4, total: 4 });
    expect(seen.filter((p) => p.phase === 'verify').at(-1)).toEqual({
      phase: 'verify',
      done: 61_732,
      total: 61_732,
    });
  });

  it('a read-protected chip is flashed but reported not verified', async () => {
    const board = new VirtualDfuseBootloader({ layout, readProtected: true });
    const image = demoFirmware(5000, BASE);
    expect(await flashDfuse(board, image, { layout, sleep })).toEqual({ written: 5000, verified: null });
    expect(firstDifference(board.flash.read(BASE, 5000), image.segments[0]!.data)).toBe(-1);
  });

  async function failure(promise: Promise<unknown>): Promise<FlashFailure> {
    const error = await promise.then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(FlashFailure);
    return error as FlashFailure;
  }

  it('a stall mid-write fails naming the step and leaves a board that flashes again', async () => {
    const board = new VirtualDfuseBootloader({ layout, faults: { stallAt: 10 } });
    const image = demoFirmware(DEMO_FIRMWARE_SIZES.stm32f411, BASE);
    const f = await failure(flashDfuse(board, image, { layout, sleep }));
    expect(f.problem).toEqual({
      code: 'flash.stalled',
      values: { step: { code: 'flashStep.write', values: {} } },
    });
    expect(f).toMatchObject({ keyboardState: 'incomplete', written: 10 * 2048 });
    expect(await flashDfuse(board, image, { layout, sleep })).toEqual({ written: 61_732, verified: 61_732 });
  });

  it('a disconnect mid-write fails as disconnected; after a replug the flash succeeds', async () => {
    const board = new VirtualDfuseBootloader({ layout, faults: { disconnectAt: 3 } });
    const image = demoFirmware(20_000, BASE);
    const f = await failure(flashDfuse(board, image, { layout, sleep }));
    expect(f.problem).toEqual({
      code: 'flash.disconnected',
      values: { step: { code: 'flashStep.write', values: {} } },
    });
    board.replug();
    expect(await flashDfuse(board, image, { layout, sleep })).toMatchObject({ verified: 20_000 });
  });

  it('a byte stored wrong is found by the read-back, with its address', async () => {
    const board = new VirtualDfuseBootloader({ layout, faults: { corruptAddress: BASE + 12_345 } });
    const image = demoFirmware(20_000, BASE);
    const f = await failure(flashDfuse(board, image, { layout, sleep }));
    const expected = image.segments[0]!.data[12_345]!;
    expect(f.problem.code).toBe('flash.verifyMismatch');
    expect(f.problem.values).toMatchObject({ address: '0x8003039' });
    expect(f.problem.values['actual']).toBe(
      `0x${(expected ^ 1).toString(16).toUpperCase().padStart(2, '0')}`,
    );
    expect(board.started).toBe(0);
    expect(await flashDfuse(board, image, { layout, sleep })).toMatchObject({ verified: 20_000 });
  });

  it('cancel before the first erase leaves the board untouched', async () => {
    const board = new VirtualDfuseBootloader({ layout, initial: demoBytes(4096, 3) });
    const controller = new AbortController();
    controller.abort();
    const f = await failure(
      flashDfuse(board, demoFirmware(4096, BASE), { layout, sleep, signal: controller.signal }),
    );
    expect(f).toMatchObject({ problem: { code: 'flash.cancelled' }, keyboardState: 'untouched', written: 0 });
    expect(firstDifference(board.flash.read(BASE, 4096), demoBytes(4096, 3))).toBe(-1);
  });
});
