import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { UF2_FAMILY, buildUf2 } from '../formats/uf2.ts';
import { imageFromSegments, isImage, readImage, type FirmwareImage } from './firmwareImage.ts';
import { refusalText } from '../lib/refusal.ts';
import { flashTarget, type FlashTarget } from '../bootloaders/flashTargets.ts';
import { withVectorTable } from '../virtual-keyboard/bootloaders/demoImages.ts';
import { writeIntelHex } from './intelHex.ts';
import { readFirmwareFile } from './readFirmwareFile.ts';
import { readUf2Firmware } from './uf2Image.ts';

const bytes = (n: number, seed = 1) => Uint8Array.from({ length: n }, (_, i) => (i * 31 + seed) & 0xff);
const text = (s: string) => new TextEncoder().encode(s);
const caterina = flashTarget('atmega32u4-caterina');
const rp2040 = flashTarget('rp2040-uf2');
const f411 = flashTarget('stm32f411-dfu');
/** `data` opening with the target chip's vector table, as every build does (firmwareIdentity.ts). */
const code = (target: FlashTarget, data: Uint8Array, address = target.flash.start) =>
  withVectorTable(data, target, address);

describe('UF2 firmware images', () => {
  it('reads block addresses (not just the payload) and round-trips any image of 256-byte blocks', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 12 }), fc.integer({ min: 0, max: 0xfff }), (blocks, page) => {
        const payload = bytes(blocks * 256 - 4, blocks);
        const address = 0x10000000 + page * 256;
        const read = readUf2Firmware(buildUf2(payload, address), { id: UF2_FAMILY.RP2040, chip: 'RP2040' });
        expect(read).toMatchObject({ families: [UF2_FAMILY.RP2040] });
        if (!('image' in read)) return;
        expect(read.image.segments).toEqual([{ address, data: payload }]);
      }),
      { numRuns: 50 },
    );
  });

  it('keeps only its own family’s blocks from concatenated files; names the chip when none is its own', () => {
    const mine = buildUf2(bytes(512), 0x10000000, UF2_FAMILY.RP2040);
    const other = buildUf2(bytes(256, 9), 0x08000000, UF2_FAMILY.STM32F4);
    const both = new Uint8Array([...other, ...mine]);
    const read = readUf2Firmware(both, { id: UF2_FAMILY.RP2040, chip: 'RP2040' });
    expect(read).toMatchObject({ otherFamilies: [UF2_FAMILY.STM32F4] });
    if ('image' in read) expect(read.image.segments).toEqual([{ address: 0x10000000, data: bytes(512) }]);
    const refused = readUf2Firmware(other, { id: UF2_FAMILY.RP2040, chip: 'RP2040' });
    expect(refused).toMatchObject({ code: 'flash.wrongFamily', values: { file: 'STM32F4', chip: 'RP2040' } });
  });

  it('skips blocks flagged “not main flash”', () => {
    const file = buildUf2(bytes(512));
    new DataView(file.buffer).setUint32(512 + 8, 0x2001, true);
    const read = readUf2Firmware(file);
    if ('image' in read) expect(read.image.segments).toEqual([{ address: 0x10000000, data: bytes(256) }]);
    else throw new Error('refused');
  });

  const corrupt = (at: number, value: number, size = 1024) => {
    const file = buildUf2(bytes(size));
    new DataView(file.buffer).setUint32(at, value, true);
    return file;
  };
  it.each([
    ['a size that is not whole blocks', buildUf2(bytes(256)).subarray(0, 500), 'uf2NotBlocks'],
    ['a wrong first magic', corrupt(512, 0x0a324656), 'uf2BadBlock'],
    ['a wrong second magic', corrupt(4, 0), 'uf2BadBlock'],
    ['a wrong end magic', corrupt(1020, 0), 'uf2BadBlock'],
    ['a payload over 476 bytes', corrupt(16, 480), 'uf2BadPayload'],
    ['a payload not 4-byte aligned', corrupt(16, 255), 'uf2BadPayload'],
    ['an address not 4-byte aligned', corrupt(12, 0x10000002), 'uf2BadPayload'],
    ['a block number out of order', corrupt(512 + 20, 3), 'uf2BadSequence'],
    ['a block count that changes', corrupt(512 + 24, 7), 'uf2BadSequence'],
    ['fewer blocks than it counts (cut short)', buildUf2(bytes(1024)).subarray(0, 1024), 'uf2BadSequence'],
    ['a file-container block', corrupt(8, 0x3000), 'uf2FileContainer'],
    ['two blocks at one address', corrupt(512 + 12, 0x10000000), 'overlap'],
  ])('refuses %s', (_, file, code) => {
    expect(readUf2Firmware(file)).toMatchObject({ code: `flash.${code}` });
  });
});

describe('firmware files against the chip', () => {
  const hexOf = (image: FirmwareImage) => text(writeIntelHex(image));
  const at = (address: number, data: Uint8Array) => {
    const image = imageFromSegments([{ address, data }]);
    if (!isImage(image)) throw new Error('overlap');
    return image;
  };

  it('takes a 28,672-byte Caterina .hex, refuses one byte more, and one byte into the bootloader', () => {
    expect(readFirmwareFile('k.hex', hexOf(at(0, code(caterina, bytes(28_672)))), caterina)).toMatchObject({
      ok: true,
      format: 'hex',
      size: 28_672,
    });
    const over = readFirmwareFile('k.hex', hexOf(at(0, code(caterina, bytes(28_673)))), caterina);
    expect(over).toMatchObject({ ok: false, problem: { code: 'flash.tooBig' } });
    if (!over.ok)
      expect(refusalText(over.problem)).toBe(
        'The firmware is 28,673 bytes; this ATmega32U4 has room for 28,672.',
      );
    const table = code(caterina, bytes(256));
    const split = imageFromSegments([
      { address: 0, data: table },
      { address: 0x6ff0, data: bytes(32) },
    ]);
    if (!isImage(split)) throw new Error('overlap');
    const intoBoot = readFirmwareFile('k.hex', hexOf(split), caterina);
    expect(intoBoot).toMatchObject({
      ok: false,
      problem: {
        code: 'flash.protectedRegion',
        values: { address: '0x7000', start: '0x7000', end: '0x7FFF' },
      },
    });
  });

  it('places a .bin at the start of the chip’s flash and refuses one past its end', () => {
    const bin = code(f411, bytes(60_000));
    const read = readFirmwareFile('k.bin', bin, f411);
    expect(read).toMatchObject({ ok: true, format: 'bin', size: 60_000 });
    if (read.ok) expect(readImage(read.image, 0x08000000, 16)).toEqual(bin.subarray(0, 16));
    const last = code(f411, bytes(20), 0x0807fff0);
    expect(readFirmwareFile('k.hex', hexOf(at(0x0807fff0, last)), f411)).toMatchObject({
      ok: false,
      problem: { code: 'flash.outsideFlash', values: { address: '0x8080000' } },
    });
  });

  it('keeps a .bin whose tail only looks like a DFU suffix (its checksum does not match) whole', () => {
    // "UFD" and length 16 in the suffix's places, but a CRC that is not the file's: firmware bytes, not a suffix.
    const file = code(f411, bytes(1024));
    file.set([0x55, 0x46, 0x44, 16, 1, 2, 3, 4], 1016);
    expect(readFirmwareFile('k.bin', file, f411)).toMatchObject({ ok: true, size: 1024 });
  });

  it('refuses an empty file, an unknown format, and a UF2 built for another chip with its name', () => {
    expect(readFirmwareFile('k.hex', new Uint8Array(), caterina)).toMatchObject({
      problem: { code: 'flash.emptyFile' },
    });
    expect(readFirmwareFile('k.zip', bytes(100), caterina)).toMatchObject({
      problem: { code: 'flash.unknownFormat' },
    });
    const stm = buildUf2(bytes(512), 0x08000000, UF2_FAMILY.STM32F4);
    const refused = readFirmwareFile('k.uf2', stm, rp2040);
    expect(refused).toMatchObject({ ok: false, problem: { code: 'flash.wrongFamily' } });
    if (!refused.ok)
      expect(refusalText(refused.problem)).toBe(
        'This UF2 file is built for STM32F4; the keyboard’s chip is RP2040.',
      );
  });

  it('refuses a tinyuf2 target’s firmware linked over the bootloader', () => {
    const tiny = flashTarget('stm32f411-tinyuf2');
    const atZero = buildUf2(code(tiny, bytes(512), 0x08000000), 0x08000000, UF2_FAMILY.STM32F4);
    expect(readFirmwareFile('k.uf2', atZero, tiny)).toMatchObject({
      problem: { code: 'flash.protectedRegion' },
    });
    const linked = buildUf2(code(tiny, bytes(512), 0x08010000), 0x08010000, UF2_FAMILY.STM32F4);
    expect(readFirmwareFile('k.uf2', linked, tiny)).toMatchObject({ ok: true, size: 512 });
  });
});
