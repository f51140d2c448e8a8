import type { FlashTarget } from '../../flash/flashTargets.ts';
import { writeIntelHex } from '../../flash/intelHex.ts';
import { writeUf2 } from '../../flash/uf2Image.ts';
import { demoFirmware, demoSizeFor } from './demoFirmware.ts';

/**
 * The test firmware a QMK demo board offers for its chip, as the file QMK builds for that bootloader: Intel HEX
 * for the AVR bootloaders, a `.bin` linked at the start of flash for STM32 DFU, a `.uf2` for drives (after
 * tinyuf2's 64 KB when the chip has it). Its bytes are `demoFirmware`'s (a real build's size, no toolchain).
 */
export function demoFirmwareFile(
  target: FlashTarget,
  board = 'keyloom-demo',
): { name: string; bytes: Uint8Array } {
  const start =
    target.bootloaderRange?.start === target.flash.start ? target.bootloaderRange.end : target.flash.start;
  const image = demoFirmware(demoSizeFor(target), start);
  const name = `${board}_${target.chip.toLowerCase()}_via`;
  if (target.protocol === 'dfuse') return { name: `${name}.bin`, bytes: image.segments[0]!.data };
  if (target.protocol === 'uf2')
    return { name: `${name}.uf2`, bytes: writeUf2(image, target.uf2Family ?? 0) };
  return { name: `${name}.hex`, bytes: new TextEncoder().encode(writeIntelHex(image)) };
}
