import { describe, expect, it } from 'vitest';
import { flashCaterina } from '../../flash/flashCaterina.ts';
import { flashTarget } from '../../bootloaders/flashTargets.ts';
import { FlashFailure } from '../../flash/FlashSession.ts';
import { handednessImage } from '../../flash/handedness.ts';
import { demoBytes, demoFirmware, DEMO_FIRMWARE_SIZES, firstDifference } from './demoFirmware.ts';
import { VirtualCaterina } from './VirtualCaterina.ts';

const M32U4 = flashTarget('atmega32u4-caterina');

async function opened(board: VirtualCaterina) {
  await board.open({ baudRate: 57600 });
  return board;
}

/** Records what the client wrote to the port (the bytes on the wire), as one array per write. */
function tap(board: VirtualCaterina): number[][] {
  const writes: number[][] = [];
  const inner = board.writable!;
  board.writable = new WritableStream<Uint8Array>({
    async write(chunk) {
      writes.push([...chunk]);
      const writer = inner.getWriter();
      await writer.write(chunk);
      writer.releaseLock();
    },
  });
  return writes;
}

async function failure(promise: Promise<unknown>): Promise<FlashFailure> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(FlashFailure);
  return error as FlashFailure;
}

const ch = (s: string) => s.charCodeAt(0);

describe('Caterina (AVR109) client on the virtual Pro Micro', () => {
  it('sends avrdude’s AVR109 commands byte for byte', async () => {
    const board = await opened(new VirtualCaterina(M32U4));
    const writes = tap(board);
    const data = demoBytes(130, 4);
    const image = { segments: [{ address: 0x100, data }] };
    expect(await flashCaterina(board, image, M32U4)).toEqual({ written: 130, verified: 130 });
    const page1 = [...data.subarray(0, 128)];
    const page2 = [...data.subarray(128), ...new Array(126).fill(0xff)];
    expect(writes).toEqual([
      [ch('S')],
      [ch('b')],
      [ch('s')],
      [ch('A'), 0x00, 0x80], // byte 0x100 = word 0x80
      [ch('B'), 0x00, 0x80, ch('F'), ...page1],
      [ch('B'), 0x00, 0x80, ch('F'), ...page2], // auto-increment: no second A
      [ch('A'), 0x00, 0x80],
      [ch('g'), 0x00, 0x80, ch('F')],
      [ch('g'), 0x00, 0x80, ch('F')],
      [ch('E')],
    ]);
    expect(board.started).toBe(1);
  });

  it('flashes a 27,874-byte 32U4 image over an older firmware and finds exactly it', async () => {
    const board = await opened(new VirtualCaterina(M32U4, { initial: demoBytes(0x7000, 8) }));
    const image = demoFirmware(DEMO_FIRMWARE_SIZES.atmega32u4);
    expect(await flashCaterina(board, image, M32U4)).toEqual({ written: 27_874, verified: 27_874 });
    expect(firstDifference(board.flash.read(0, 27_874), image.segments[0]!.data)).toBe(-1);
  });

  it('writes the EE_HANDS image byte by byte and leaves the rest of the EEPROM', async () => {
    const eeprom = demoBytes(1024, 6);
    const board = await opened(new VirtualCaterina(M32U4, { eeprom }));
    const outcome = await flashCaterina(board, handednessImage('right'), M32U4, { memory: 'eeprom' });
    expect(outcome).toEqual({ written: 15, verified: 15 });
    expect([...board.eeprom.subarray(0, 15)]).toEqual(new Array(15).fill(0));
    expect(firstDifference(board.eeprom.subarray(15), eeprom.subarray(15))).toBe(-1);
  });

  it('refuses a device that does not do block writes', async () => {
    const board = await opened(new VirtualCaterina(M32U4));
    const inner = board.writable!;
    // An AVR910 programmer: answers `b` with '?'.
    board.writable = new WritableStream<Uint8Array>({
      async write(chunk) {
        const writer = inner.getWriter();
        await writer.write(chunk[0] === ch('b') ? Uint8Array.of(0) : chunk);
        writer.releaseLock();
      },
    });
    const f = await failure(flashCaterina(board, demoFirmware(256), M32U4));
    expect(f).toMatchObject({ problem: { code: 'flash.notBootloader' }, keyboardState: 'untouched' });
  });

  it('a port that never answers fails as “no reply” while connecting (the 8 s window has passed)', async () => {
    const silent = {
      readable: new ReadableStream<Uint8Array>(),
      writable: new WritableStream<Uint8Array>(),
    };
    // Timers that fire at once: the reply timeout elapses without waiting a real second.
    const timers = {
      setTimeout: (fn: () => void) => setTimeout(fn, 0),
      clearTimeout: (h: unknown) => clearTimeout(h as never),
    };
    const f = await failure(flashCaterina(silent, demoFirmware(256), M32U4, { timers }));
    expect(f).toMatchObject({
      problem: { code: 'flash.noReply', values: { step: { code: 'flashStep.connect', values: {} } } },
      keyboardState: 'untouched',
    });
  });

  it.each([
    [
      'a refused page write',
      { stallAt: 20 },
      { code: 'flash.stalled', values: { step: { code: 'flashStep.write', values: {} } } },
    ],
    [
      'the port lost mid-write',
      { disconnectAt: 20 },
      { code: 'flash.disconnected', values: { step: { code: 'flashStep.write', values: {} } } },
    ],
    [
      'a corrupt byte',
      { corruptAddress: 0x2345 },
      { code: 'flash.verifyMismatch', values: { address: '0x2345' } },
    ],
  ])('%s ends with its reason, and the board flashes again', async (_, faults, problem) => {
    const board = await opened(new VirtualCaterina(M32U4, { faults }));
    const image = demoFirmware(DEMO_FIRMWARE_SIZES.atmega32u4);
    const f = await failure(flashCaterina(board, image, M32U4));
    expect(f).toMatchObject({ problem, keyboardState: 'incomplete' });
    board.replug();
    await board.open({ baudRate: 57600 });
    expect(await flashCaterina(board, image, M32U4)).toMatchObject({ verified: 27_874 });
  });
});
