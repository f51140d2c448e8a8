import { describe, expect, it } from 'vitest';
import { buildUf2, UF2_FAMILY } from '../../formats/uf2.ts';
import { flashHalfKay, halfKayBootReport, halfKayReport } from '../../flash/flashHalfKay.ts';
import { flashTarget } from '../../bootloaders/flashTargets.ts';
import { FlashFailure } from '../../flash/FlashSession.ts';
import { flashUf2Drive } from '../../flash/flashUf2Drive.ts';
import { readFirmwareFile } from '../../flash/readFirmwareFile.ts';
import { withVectorTable } from './demoImages.ts';
import { demoBytes, demoFirmware, DEMO_FIRMWARE_SIZES, firstDifference } from './demoFirmware.ts';
import { VirtualHalfKay } from './VirtualHalfKay.ts';
import { VirtualUf2Drive } from './VirtualUf2Drive.ts';

const TEENSY2 = flashTarget('atmega32u4-halfkay');
const TEENSY2PP = flashTarget('at90usb1286-halfkay');
const RP2040 = flashTarget('rp2040-uf2');
const sleep = () => Promise.resolve();

async function failure(promise: Promise<unknown>): Promise<FlashFailure> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(FlashFailure);
  return error as FlashFailure;
}

describe('HalfKay client on the virtual Teensy', () => {
  it('lays out reports as teensy_loader_cli does, per block size', () => {
    const data = demoBytes(256, 1);
    expect([...halfKayReport(0x1280, data, 128).subarray(0, 3)]).toEqual([0x80, 0x12, data[0]]);
    expect(halfKayReport(0x1280, data, 128).length).toBe(130);
    expect([...halfKayReport(0x12300, data, 256).subarray(0, 3)]).toEqual([0x23, 0x01, data[0]]);
    expect(halfKayReport(0x12300, data, 256).length).toBe(258);
    expect([...halfKayBootReport(128)]).toEqual([0xff, 0xff, 0xff, ...new Array(127).fill(0)]);
  });

  it('always writes block 0, skips blocks with no data or only 0xFF, then boots', async () => {
    const board = new VirtualHalfKay(TEENSY2);
    const sent: number[][] = [];
    const device = {
      sendReport: (id: number, data: Uint8Array<ArrayBuffer>) => {
        sent.push([...data.subarray(0, 2)]);
        return board.sendReport(id, data);
      },
    };
    const image = {
      segments: [
        { address: 0x200, data: new Uint8Array(128).fill(0xff) },
        { address: 0x1000, data: new Uint8Array([1, 2, 3]) },
      ],
    };
    expect(await flashHalfKay(device, image, TEENSY2, { sleep })).toEqual({ written: 131, verified: null });
    expect(sent).toEqual([
      [0x00, 0x00],
      [0x00, 0x10],
      [0xff, 0xff],
    ]);
    expect([...board.flash.read(0x1000, 4)!]).toEqual([1, 2, 3, 0xff]);
    expect(board.started).toBe(1);
  });

  it.each([
    [TEENSY2, DEMO_FIRMWARE_SIZES.atmega32u4],
    [TEENSY2PP, DEMO_FIRMWARE_SIZES.at90usb1286],
  ])('flashes a real-size image on $chip and finds exactly it', async (target, size) => {
    const board = new VirtualHalfKay(target, { initial: demoBytes(size, 4) });
    const image = demoFirmware(size);
    expect(await flashHalfKay(board, image, target, { sleep })).toEqual({ written: size, verified: null });
    expect(firstDifference(board.flash.read(0, size), image.segments[0]!.data)).toBe(-1);
  });

  it('a refused report is tried again; an unplug fails as disconnected and the board flashes after a replug', async () => {
    const image = demoFirmware(DEMO_FIRMWARE_SIZES.atmega32u4);
    const busy = new VirtualHalfKay(TEENSY2, { faults: { stallAt: 30 } });
    expect(await flashHalfKay(busy, image, TEENSY2, { sleep })).toMatchObject({ written: 27_874 });
    const board = new VirtualHalfKay(TEENSY2, { faults: { disconnectAt: 30 } });
    const f = await failure(flashHalfKay(board, image, TEENSY2, { sleep }));
    expect(f).toMatchObject({
      problem: { code: 'flash.disconnected', values: { step: { code: 'flashStep.write', values: {} } } },
      keyboardState: 'incomplete',
    });
    board.replug();
    expect(await flashHalfKay(board, image, TEENSY2, { sleep })).toMatchObject({ written: 27_874 });
    expect(firstDifference(board.flash.read(0, 27_874), image.segments[0]!.data)).toBe(-1);
  });

  it('cannot see a corrupt byte (no read-back): the outcome says “not verified”', async () => {
    const board = new VirtualHalfKay(TEENSY2, { faults: { corruptAddress: 0x100 } });
    const image = demoFirmware(1000);
    expect(await flashHalfKay(board, image, TEENSY2, { sleep })).toEqual({ written: 1000, verified: null });
    expect(firstDifference(board.flash.read(0, 1000), image.segments[0]!.data)).toBe(0x100);
  });
});

describe('UF2 drive client on the virtual RP2040 drive', () => {
  const payload = withVectorTable(demoBytes(DEMO_FIRMWARE_SIZES.rp2040, 12), RP2040, 0x10000000);
  const file = buildUf2(payload, 0x10000000, UF2_FAMILY.RP2040);

  it('a real-size RP2040 .uf2 is checked, copied to the drive, and the chip holds exactly it', async () => {
    const checked = readFirmwareFile('keyboard.uf2', file, RP2040);
    expect(checked).toMatchObject({ ok: true, size: DEMO_FIRMWARE_SIZES.rp2040 });
    const drive = new VirtualUf2Drive(RP2040);
    const outcome = await flashUf2Drive(drive, file);
    expect(outcome).toMatchObject({ written: file.length, verified: null, info: { boardId: 'RPI-RP2' } });
    expect(firstDifference(drive.flash.read(0x10000000, payload.length), payload)).toBe(-1);
    expect(drive.started).toBe(1);
  });

  it('refuses a folder that is not a UF2 drive, before writing anything', async () => {
    const folder = {
      name: 'Documents',
      getFileHandle: () => Promise.reject(new DOMException('', 'NotFoundError')),
    };
    const f = await failure(flashUf2Drive(folder, file));
    expect(f).toMatchObject({
      problem: { code: 'flash.notUf2Drive' },
      keyboardState: 'untouched',
      written: 0,
    });
  });

  it.each([
    ['a refused write', { stallAt: 1 }],
    ['the drive ejected mid-copy', { disconnectAt: 1 }],
  ])('%s fails with the reason; copying again succeeds', async (_, faults) => {
    const drive = new VirtualUf2Drive(RP2040, { faults });
    const f = await failure(flashUf2Drive(drive, file));
    expect(f).toMatchObject({
      problem: { code: 'flash.driveWriteFailed' },
      keyboardState: 'incomplete',
      written: 65_536,
    });
    expect(drive.started).toBe(0);
    drive.replug();
    expect(await flashUf2Drive(drive, file)).toMatchObject({ written: file.length });
    expect(firstDifference(drive.flash.read(0x10000000, payload.length), payload)).toBe(-1);
  });
});
