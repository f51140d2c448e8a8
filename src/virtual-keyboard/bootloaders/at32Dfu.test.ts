import { describe, expect, it } from 'vitest';
import { DFU_REQUEST as R } from '../../flash/DfuLink.ts';
import { dfuSuffixIds } from '../../flash/dfuSuffix.ts';
import { flashDfuse } from '../../flash/flashDfuse.ts';
import { FlashFailure, type FlashProgress } from '../../flash/FlashSession.ts';
import { flashTarget } from '../../bootloaders/flashTargets.ts';
import { readFirmwareFile } from '../../flash/readFirmwareFile.ts';
import { at32DfuDevice, AT32_OPTION_BYTES, virtualAt32Bootloader } from './at32Dfu.ts';
import { demoBytes, demoFirmware, DEMO_FIRMWARE_SIZES, firstDifference } from './demoFirmware.ts';
import { demoFirmwareFile, type DemoBoard } from './demoImages.ts';

// Artery's DFU bootloader (at32Dfu.ts) as the C1 Pro 8K's AT32F405 has it, flashed by Keyloom's DfuSe client.

const AT32 = flashTarget('at32f405-dfu');
const L432 = flashTarget('stm32l432-dfu');
const BASE = 0x08000000;
const sleep = () => Promise.resolve();
const C1: DemoBoard = {
  vendorId: 0x3434,
  productId: 0x0521,
  name: 'Keychron C1 Pro 8K ANSI',
  text: 'v1.1.0 2025-12-01-16:59:02',
  dfuSuffix: true,
};
const Q1: DemoBoard = { ...C1, productId: 0x0107, name: 'Keychron Q1 V2 ANSI Knob', text: 'v2.2.0 …' };
const setup = { requestType: 'class', recipient: 'interface', index: 0 } as const;

describe('the virtual AT32 DFU bootloader', () => {
  it('enumerates as Artery’s: 2E3C:DF11, the flash in 1 KB sectors on alternate 0, the option bytes on 1', () => {
    const device = at32DfuDevice(virtualAt32Bootloader());
    expect([device.vendorId, device.productId]).toEqual([0x2e3c, 0xdf11]);
    const names = device.configuration.interfaces[0]!.alternates.map((a) => a.interfaceName);
    expect(names).toEqual(['@Internal Flash  /0x08000000/128*001Kg', AT32_OPTION_BYTES]);
    expect(device.bootloader.flash.read(BASE + 0x1fc00, 0x400)).not.toBeNull();
    expect(device.bootloader.flash.read(BASE + 0x20000, 1)).toBeNull();
  });

  it('answers DfuSe’s GET_COMMANDS with set address, erase and read unprotect', async () => {
    const board = virtualAt32Bootloader();
    const reply = await board.controlTransferIn({ ...setup, request: R.UPLOAD, value: 0 }, 4);
    if (reply.status !== 'ok') throw new Error('stalled');
    expect([...new Uint8Array(reply.data.buffer)]).toEqual([0x00, 0x21, 0x41, 0x92]);
  });

  it('takes the C1 Pro 8K’s build, erasing only the 61 one-KB sectors it covers, and starts it', async () => {
    const old = demoBytes(0x20000, 3);
    const board = virtualAt32Bootloader({ initial: old });
    const file = demoFirmwareFile(AT32, C1);
    // As QMK builds it for at32-dfu: a .bin with Artery's ids in its DFU suffix, dropped before flashing.
    expect(dfuSuffixIds(file.bytes)).toEqual({ vendorId: 0x2e3c, productId: 0xdf11 });
    const read = readFirmwareFile(file.name, file.bytes, AT32);
    if (!read.ok) throw new Error(read.problem.code);
    const seen: FlashProgress[] = [];
    const layout = at32DfuDevice(board).configuration.interfaces[0]!.alternates[0]!.interfaceName!;
    const outcome = await flashDfuse(board, read.image, { layout, sleep, onProgress: (p) => seen.push(p) });
    expect(outcome).toEqual({ written: 61_732, verified: 61_732 });
    expect(firstDifference(board.flash.read(BASE, 61_732), read.image.segments[0]!.data)).toBe(-1);
    expect(seen.filter((p) => p.phase === 'erase').at(-1)).toEqual({ phase: 'erase', done: 61, total: 61 });
    // The sector after the image (and the wear-levelled EEPROM at the flash's end) is kept.
    expect(
      firstDifference(board.flash.read(BASE + 61 * 1024, 1024), old.subarray(61 * 1024, 62 * 1024)),
    ).toBe(-1);
    expect(firstDifference(board.flash.read(BASE + 0x1e800, 0x1800), old.subarray(0x1e800))).toBe(-1);
    expect(board.started).toBe(1);
  });

  it('refuses a write past its 128 KB: the address is outside the layout', async () => {
    const board = virtualAt32Bootloader();
    const image = demoFirmware(2048, BASE + 0x1fc00);
    const layout = AT32.dfuseLayout!;
    const failed = await flashDfuse(board, image, { layout, sleep }).catch((e: unknown) => e);
    expect(failed).toBeInstanceOf(FlashFailure);
  });

  it('stalls on the option bytes’ alternate (not modelled), never touching the flash', async () => {
    const device = at32DfuDevice(virtualAt32Bootloader());
    await device.selectAlternateInterface(0, 1);
    const out = await device.controlTransferOut(
      { ...setup, request: R.DNLOAD, value: 0 },
      new Uint8Array([0x41]),
    );
    expect(out.status).toBe('stall');
  });
});

describe('Keychron builds against the chips', () => {
  it('a build for the other Keychron chip is refused by its DFU suffix', () => {
    const q1 = demoFirmwareFile(L432, Q1);
    const onAt32 = readFirmwareFile(q1.name, q1.bytes, AT32);
    expect(onAt32.ok || onAt32.problem.code).toBe('flash.dfuSuffixOther');
    const c1 = demoFirmwareFile(AT32, C1);
    const onL432 = readFirmwareFile(c1.name, c1.bytes, L432);
    expect(onL432.ok || onL432.problem.code).toBe('flash.dfuSuffixOther');
  });

  it('an image larger than the AT32F405’s 128 KB is refused before anything is erased', () => {
    const big = demoFirmwareFile(L432, { ...Q1, dfuSuffix: false });
    const bytes = new Uint8Array(0x20800);
    bytes.set(big.bytes);
    const read = readFirmwareFile('big.bin', bytes, AT32);
    expect(read.ok || read.problem.code).toBe('flash.tooBig');
  });

  it('an STM32L432 image opens with a vector table the AT32 target also reads (same flash and RAM bases)', () => {
    // No chip check can tell these Cortex-M parts apart by their vector tables: QMK's DFU suffix does.
    const plain = demoFirmwareFile(L432, { ...Q1, dfuSuffix: false });
    expect(readFirmwareFile(plain.name, plain.bytes, AT32).ok).toBe(true);
    expect(DEMO_FIRMWARE_SIZES.stm32f411).toBe(61_732);
  });
});
