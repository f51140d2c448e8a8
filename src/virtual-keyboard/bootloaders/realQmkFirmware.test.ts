import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { QMK_FIRMWARE_DIR } from '../../../tests/fixtures/paths.ts';
import type { FirmwareImage } from '../../flash/firmwareImage.ts';
import { flashAtmelDfu } from '../../flash/flashAtmelDfu.ts';
import { flashCaterina } from '../../flash/flashCaterina.ts';
import { flashDfuse } from '../../flash/flashDfuse.ts';
import { flashHalfKay } from '../../flash/flashHalfKay.ts';
import { flashUf2Drive } from '../../flash/flashUf2Drive.ts';
import type { FlashTarget } from '../../bootloaders/flashTargets.ts';
import { flashTarget } from '../../bootloaders/flashTargets.ts';
import { readFirmwareFile } from '../../flash/readFirmwareFile.ts';
import { demoBytes, firstDifference } from './demoFirmware.ts';
import { VirtualAtmelDfuBootloader } from './VirtualAtmelDfuBootloader.ts';
import { VirtualCaterina } from './VirtualCaterina.ts';
import { VirtualDfuseBootloader } from './VirtualDfuseBootloader.ts';
import { VirtualHalfKay } from './VirtualHalfKay.ts';
import { VirtualUf2Drive } from './VirtualUf2Drive.ts';

/*
 * Real QMK builds (tests/fixtures/qmk-firmware/README.md says how each was made) read by Keyloom's own readers and
 * flashed end to end onto the virtual bootloaders: what a user's `qmk compile` output meets on a real board.
 */

const sleep = () => Promise.resolve();
const PROMICRO_HEX = 'handwired_onekey_promicro_default.hex';
/** The linker's size for the build (`avr-size`, also printed by QMK's size check). */
const PROMICRO_SIZE = 16_860;

function read(name: string, target: FlashTarget): FirmwareImage {
  const bytes = new Uint8Array(readFileSync(path.join(QMK_FIRMWARE_DIR, name)));
  const result = readFirmwareFile(name, bytes, target);
  if (!result.ok) throw new Error(`${name} was refused: ${result.problem.code}`);
  return result.image;
}

/** Checks every byte of every segment is in the flash at its address, and the last written page's tail erased. */
function expectExactly(
  flash: { read(address: number, length: number): Uint8Array | null },
  image: FirmwareImage,
  page: number,
) {
  for (const { address, data } of image.segments) {
    expect(firstDifference(flash.read(address, data.length)!, data)).toBe(-1);
  }
  const last = image.segments.at(-1)!;
  const end = last.address + last.data.length;
  const pageEnd = Math.ceil(end / page) * page;
  expect([...flash.read(end, pageEnd - end)!].every((b) => b === 0xff)).toBe(true);
}

describe('a real QMK ATmega32U4 build (handwired/onekey/promicro, .hex)', () => {
  it('is read as one image of the linked size, starting at the reset vector', () => {
    const image = read(PROMICRO_HEX, flashTarget('atmega32u4-caterina'));
    const size = image.segments.reduce((sum, s) => sum + s.data.length, 0);
    expect(size).toBe(PROMICRO_SIZE);
    expect(image.segments[0]!.address).toBe(0);
    // AVR's vector table: every entry is a 4-byte `jmp` (opcode 0x940C, little-endian words).
    expect([...image.segments[0]!.data.subarray(0, 2)]).toEqual([0x0c, 0x94]);
  });

  it('flashes onto the virtual Caterina (Pro Micro) over an older firmware and reads back exactly it', async () => {
    const target = flashTarget('atmega32u4-caterina');
    const image = read(PROMICRO_HEX, target);
    const board = new VirtualCaterina(target, { initial: demoBytes(0x7000, 3) });
    await board.open({ baudRate: 57600 });
    expect(await flashCaterina(board, image, target)).toEqual({
      written: PROMICRO_SIZE,
      verified: PROMICRO_SIZE,
    });
    expectExactly(board.flash, image, target.pageSize);
    expect(board.started).toBe(1);
  });

  it('flashes onto the virtual Atmel DFU 32U4: chip erased, exactly the image written and verified', async () => {
    const target = flashTarget('atmega32u4-atmel-dfu');
    const image = read(PROMICRO_HEX, target);
    const board = new VirtualAtmelDfuBootloader(target, { initial: demoBytes(0x7000, 5) });
    expect(await flashAtmelDfu(board, image, target, { sleep })).toEqual({
      written: PROMICRO_SIZE,
      verified: PROMICRO_SIZE,
    });
    expectExactly(board.flash, image, target.pageSize);
    // The chip erase cleared the whole application area, not only the pages written.
    const appEnd = target.bootloaderRange!.start;
    expect([...board.flash.read(PROMICRO_SIZE, appEnd - PROMICRO_SIZE)!].every((b) => b === 0xff)).toBe(true);
    expect(board.started).toBe(1);
  });

  it('flashes onto the virtual HalfKay (Teensy 2.0), which cannot read back', async () => {
    const target = flashTarget('atmega32u4-halfkay');
    const image = read(PROMICRO_HEX, target);
    const board = new VirtualHalfKay(target, { initial: demoBytes(0x7e00, 9) });
    expect(await flashHalfKay(board, image, target, { sleep })).toEqual({
      written: PROMICRO_SIZE,
      verified: null,
    });
    expectExactly(board.flash, image, target.pageSize);
  });
});

describe('a real QMK STM32F411 build (handwired/onekey/blackpill_f411, .bin)', () => {
  const BIN = 'handwired_onekey_blackpill_f411_default.bin';
  /** 0x08000000 to the end of `.data`'s load image; the file is 16 bytes more: the DFU suffix `dfu-suffix` appended. */
  const SIZE = 63_880;
  const target = flashTarget('stm32f411-dfu');

  it('is read without its DFU suffix, from the start of flash', () => {
    expect(readFileSync(path.join(QMK_FIRMWARE_DIR, BIN)).length).toBe(SIZE + 16);
    const image = read(BIN, target);
    expect(image.segments).toHaveLength(1);
    expect(image.segments[0]!.address).toBe(0x08000000);
    expect(image.segments[0]!.data.length).toBe(SIZE);
  });

  it('flashes onto the virtual STM32 DfuSe bootloader over an older firmware and reads back exactly it', async () => {
    const image = read(BIN, target);
    const layout = target.dfuseLayout!;
    const board = new VirtualDfuseBootloader({ layout, initial: demoBytes(0x20000, 11) });
    expect(await flashDfuse(board, image, { layout, sleep })).toEqual({ written: SIZE, verified: SIZE });
    expectExactly(board.flash, image, 1);
    // The image ends inside the fourth 16 KB sector, which was erased whole: its tail is blank.
    expect([...board.flash.read(0x08000000 + SIZE, 0x10000 - SIZE)!].every((b) => b === 0xff)).toBe(true);
    expect(board.started).toBe(1);
  });
});

describe('a real QMK RP2040 build (handwired/onekey/rp2040, .uf2)', () => {
  const UF2 = 'handwired_onekey_rp2040_default.uf2';
  const target = flashTarget('rp2040-uf2');

  it('copied onto the virtual RPI-RP2 drive leaves exactly the blocks’ payload in flash', async () => {
    const file = new Uint8Array(readFileSync(path.join(QMK_FIRMWARE_DIR, UF2)));
    const image = read(UF2, target);
    // 512-byte blocks of 256 payload bytes each, from the start of the RP2040's XIP flash (boot2 first).
    expect(image.segments[0]!.address).toBe(0x10000000);
    expect(image.segments.reduce((sum, s) => sum + s.data.length, 0)).toBe((file.length / 512) * 256);
    const drive = new VirtualUf2Drive(target);
    expect(await flashUf2Drive(drive, file)).toMatchObject({ written: file.length, verified: null });
    expectExactly(drive.flash, image, 256);
    expect(drive.started).toBe(1);
  });
});
