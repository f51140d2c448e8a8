import type { FirmwareImage } from '../../flash/firmwareImage.ts';
import type { FlashTarget } from '../../bootloaders/flashTargets.ts';

/**
 * Firmware-sized test images. Real QMK builds cannot be made offline (no avr-gcc or arm-none-eabi here), so
 * the virtual bootloaders are tried with deterministic stand-ins of a real build's size: bytes from a seeded
 * xorshift generator (no runs an accidental "skip blank blocks" rule could drop), a size that is not a whole
 * number of pages, and an 0xFF tail inside the last page, like a linker's output.
 */
export const DEMO_FIRMWARE_SIZES = {
  /** A QMK VIA build for a 32U4 board (most sit between 26 and 28.5 KB under Caterina's 28 KB). */
  atmega32u4: 27_874,
  /** An AT90USB1286 build, over 64 KB so the Atmel DFU page select is exercised. */
  at90usb1286: 70_410,
  /** A QMK VIA build for an STM32F411. */
  stm32f411: 61_732,
  /** A QMK VIA build for an RP2040 (boot2 included). */
  rp2040: 123_316,
} as const;

/** `size` deterministic bytes from `seed` (xorshift32; never a long run of 0xFF). */
export function demoBytes(size: number, seed: number): Uint8Array {
  const out = new Uint8Array(size);
  let x = seed >>> 0 || 0x9e3779b9;
  for (let i = 0; i < size; i++) {
    x ^= x << 13;
    x >>>= 0;
    x ^= x >>> 17;
    x ^= x << 5;
    x >>>= 0;
    out[i] = x & 0xff;
  }
  return out;
}

/** One segment of `size` demo bytes at `address`. */
export function demoFirmware(size: number, address = 0, seed = 0x51ed): FirmwareImage {
  return { segments: [{ address, data: demoBytes(size, seed + size) }] };
}

/**
 * The first index where two byte arrays differ (their shorter length when one is a prefix of the other), or −1
 * when they are equal: "exactly that image in its flash" in one number (comparing 60 KB arrays element by
 * element in test matchers takes seconds).
 */
export function firstDifference(a: Uint8Array | null, b: Uint8Array | null): number {
  if (!a || !b) return 0;
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) if (a[i] !== b[i]) return i;
  return a.length === b.length ? -1 : n;
}

/** The demo image size for a target's chip (a QMK VIA build for it). */
export function demoSizeFor(target: FlashTarget): number {
  if (target.chip === 'AT90USB1286') return DEMO_FIRMWARE_SIZES.at90usb1286;
  if (target.chip === 'RP2040') return DEMO_FIRMWARE_SIZES.rp2040;
  // An STM32 or Artery AT32 build: the Cortex-M parts' VIA builds are of a size.
  if (target.chip.startsWith('STM32') || target.chip.startsWith('AT32')) return DEMO_FIRMWARE_SIZES.stm32f411;
  return DEMO_FIRMWARE_SIZES.atmega32u4;
}
