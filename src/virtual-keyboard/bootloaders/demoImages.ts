import type { FirmwareImage } from '../../flash/firmwareImage.ts';
import type { FlashTarget } from '../../bootloaders/flashTargets.ts';
import { withDfuSuffix } from '../../flash/dfuSuffix.ts';
import { writeIntelHex } from '../../flash/intelHex.ts';
import { writeUf2 } from '../../flash/uf2Image.ts';
import { demoFirmware, demoSizeFor } from './demoFirmware.ts';

/** The keyboard a demo image is built for: what its USB device descriptor names. */
export interface DemoBoard {
  vendorId: number;
  productId: number;
  name: string;
  /** Text a build holds beside its descriptors (a Keychron build's `v2.2.0 2025-12-01-16:59:02`). */
  text?: string;
  /** Append the DFU suffix naming the bootloader's ids to a `.bin`, as QMK's build does (Keychron's images). */
  dfuSuffix?: boolean;
}

/** The Keyloom Split 36, the QMK demos' board (virtual-keyboard/qmkDemos.ts). */
export const SPLIT36_BOARD: DemoBoard = { vendorId: 0x4b4c, productId: 0x0004, name: 'Keyloom Split 36' };

/**
 * The test firmware a QMK demo board offers for its chip, as the file QMK builds for that bootloader: Intel HEX
 * for the AVR bootloaders, a `.bin` linked at the start of flash for STM32 DFU, a `.uf2` for drives (after
 * tinyuf2's 64 KB when the chip has it). Its bytes are `demoFirmware`'s (a real build's size, no toolchain), with
 * what a real build says about itself stamped in (`withIdentity`), so it passes the checks a real one does.
 */
export function demoFirmwareFile(
  target: FlashTarget,
  board: DemoBoard = SPLIT36_BOARD,
): { name: string; bytes: Uint8Array } {
  const start =
    target.bootloaderRange?.start === target.flash.start ? target.bootloaderRange.end : target.flash.start;
  const image = withIdentity(demoFirmware(demoSizeFor(target), start), target, board);
  const slug = board.name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_|_$/g, '');
  const name = `${slug}_${target.chip.toLowerCase()}_via`;
  if (target.protocol === 'dfuse') {
    const bin = image.segments[0]!.data;
    return { name: `${name}.bin`, bytes: board.dfuSuffix ? withDfuSuffix(bin, target.usb[0]!) : bin };
  }
  if (target.protocol === 'uf2')
    return { name: `${name}.uf2`, bytes: writeUf2(image, target.uf2Family ?? 0) };
  return { name: `${name}.hex`, bytes: new TextEncoder().encode(writeIntelHex(image)) };
}

/**
 * The image with the chip's vector table at its start (AVR: `jmp`s into the image; Cortex-M: a stack pointer in
 * RAM and Thumb handlers in the image) and, in its middle, a USB device descriptor with the board's ids and its
 * name as a string descriptor, laid out as QMK's `usb_descriptor.c` does.
 */
export function withIdentity(image: FirmwareImage, target: FlashTarget, board: DemoBoard): FirmwareImage {
  const { address, data } = image.segments[0]!;
  const out = withVectorTable(data, target, address);
  const name = [...board.name].flatMap((c) => [c.charCodeAt(0) & 0x7f, 0]);
  const strings = [2 + name.length, 0x03, ...name, 4, 0x03, 0x09, 0x04];
  const { vendorId: v, productId: p } = board;
  const descriptor = [
    0x12,
    0x01,
    0x00,
    0x02,
    0,
    0,
    0,
    64,
    v & 0xff,
    v >> 8,
    p & 0xff,
    p >> 8,
    0,
    1,
    1,
    2,
    0,
    1,
  ];
  const text = [...(board.text ?? '')].map((c) => c.charCodeAt(0) & 0x7f);
  out.set([...strings, ...descriptor, ...text, ...(text.length ? [0] : [])], Math.floor(out.length / 2));
  return { segments: [{ address, data: out }, ...image.segments.slice(1)] };
}

/**
 * A copy of `data` (to be placed at `address`) opening with the target chip's vector table: AVR `jmp`s just past
 * the table; a Cortex-M stack pointer in RAM and Thumb handlers inside the image.
 */
export function withVectorTable(data: Uint8Array, target: FlashTarget, address: number): Uint8Array {
  const out = data.slice();
  const code = target.code;
  if (code.arch === 'avr') {
    const entry = (address + code.vectors * 4) / 2;
    for (let i = 0; i < code.vectors; i++) out.set([0x0c, 0x94, entry & 0xff, (entry >> 8) & 0xff], i * 4);
  } else {
    const handler = (address + code.offset + Math.min(0x200, Math.floor(out.length / 4) * 2)) | 1;
    const words = [code.ram.start + 0x1000, handler, handler, handler];
    words.forEach((w, i) => new DataView(out.buffer).setUint32(code.offset + i * 4, w >>> 0, true));
  }
  return out;
}
