import { readImage, imageStart, type FirmwareImage } from './firmwareImage.ts';
import type { ChipCode, FlashTarget, UsbId } from '../bootloaders/flashTargets.ts';

/*
 * What a firmware image says about itself (issue 38.1): the chip it runs on, read from its vector table, and the
 * keyboard it is, read from the USB device descriptor every QMK build holds in its flash. Pure reading: the
 * decisions (refuse, warn) are `firmwareCheck.ts`'s.
 */

/** The keyboard a build names in its USB device descriptor, and the string descriptors beside it. */
export interface UsbIdentity extends UsbId {
  /** Printable names near the descriptor (QMK keeps the product and manufacturer strings there), longest first. */
  names: string[];
}

/** USB 2.0 §9.6.1: bLength 18, bDescriptorType 1 (device). */
const DEVICE_DESCRIPTOR = [0x12, 0x01] as const;
const DESCRIPTOR_LENGTH = 18;
const BCD_USB = new Set([0x0100, 0x0110, 0x0200, 0x0201, 0x0210]);
const PACKET_SIZES = new Set([8, 16, 32, 64]);
/** How far from the device descriptor its strings are looked for (QMK's descriptors sit together). */
const STRING_WINDOW = 512;
/** The fewest characters a string descriptor needs to count as a name (short runs turn up in any code). */
const MIN_NAME = 3;

const le16 = (b: Uint8Array, at: number) => b[at]! | (b[at + 1]! << 8);
const le32 = (b: Uint8Array, at: number) =>
  (b[at]! | (b[at + 1]! << 8) | (b[at + 2]! << 16) | (b[at + 3]! << 24)) >>> 0;

/** Whether 18 bytes at `at` are a plausible device descriptor (versions, packet size, string indexes, configs). */
function isDeviceDescriptor(b: Uint8Array, at: number): boolean {
  if (at + DESCRIPTOR_LENGTH > b.length) return false;
  if (b[at] !== DEVICE_DESCRIPTOR[0] || b[at + 1] !== DEVICE_DESCRIPTOR[1]) return false;
  if (!BCD_USB.has(le16(b, at + 2)) || !PACKET_SIZES.has(b[at + 7]!)) return false;
  // iManufacturer, iProduct, iSerialNumber: small indexes; bNumConfigurations: 1 to 4.
  if (b[at + 14]! > 15 || b[at + 15]! > 15 || b[at + 16]! > 15) return false;
  return b[at + 17]! >= 1 && b[at + 17]! <= 4;
}

/** The string descriptors (bLength, 3, UTF-16LE printable ASCII filling bLength exactly) in b[from, to). */
function stringDescriptors(b: Uint8Array, from: number, to: number): string[] {
  const found: string[] = [];
  for (let at = Math.max(0, from); at + 2 <= Math.min(to, b.length); at++) {
    const length = b[at]!;
    if (b[at + 1] !== 0x03 || length % 2 !== 0 || length < 2 + 2 * MIN_NAME || at + length > b.length)
      continue;
    let text = '';
    for (let i = at + 2; i < at + length; i += 2) {
      const c = b[i]!;
      if (b[i + 1] !== 0 || c < 0x20 || c > 0x7e) {
        text = '';
        break;
      }
      text += String.fromCharCode(c);
    }
    if (text && !found.includes(text)) found.push(text);
  }
  return found;
}

/**
 * The first USB device descriptor in the image, with the names beside it; null when it holds none (a QMK
 * build always does; random bytes almost never: 0x12 0x01 plus four checked fields).
 */
export function findUsbIdentity(image: FirmwareImage): UsbIdentity | null {
  for (const { data } of image.segments)
    for (
      let at = data.indexOf(DEVICE_DESCRIPTOR[0]);
      at >= 0;
      at = data.indexOf(DEVICE_DESCRIPTOR[0], at + 1)
    ) {
      if (!isDeviceDescriptor(data, at)) continue;
      const names = stringDescriptors(data, at - STRING_WINDOW, at + STRING_WINDOW);
      return {
        vendorId: le16(data, at + 8),
        productId: le16(data, at + 10),
        names: names.sort((a, b) => b.length - a.length),
      };
    }
  return null;
}

/** AVR `jmp k` (1001 010k kkkk 110k, then k's low 16 bits): its byte address, or null for another opcode. */
function avrJump(b: Uint8Array, at: number): number | null {
  const low = b[at]!;
  const high = b[at + 1]!;
  if ((low & 0x0e) !== 0x0c || (high & 0xfe) !== 0x94) return null;
  const upper = ((high & 0x01) << 5) | ((low & 0xf0) >> 3) | (low & 0x01);
  return ((upper << 16) | le16(b, at + 2)) * 2;
}

/** Whether the image opens with the chip's vector table (ChipCode: where, and what each entry must be). */
export function hasVectorTable(image: FirmwareImage, target: Pick<FlashTarget, 'flash' | 'code'>): boolean {
  const { code, flash } = target;
  const inFlash = (address: number) => address >= flash.start && address < flash.end;
  if (code.arch === 'avr') {
    const table = readImage(image, flash.start, code.vectors * 4, 0xff);
    for (let i = 0; i < code.vectors; i++) {
      const to = avrJump(table, i * 4);
      if (to === null || !inFlash(to)) return false;
    }
    return true;
  }
  const start = imageStart(image);
  if (start === null) return false;
  return cortexTable(readImage(image, start + code.offset, 16, 0xff), code, inFlash);
}

/** Initial SP in RAM (word aligned, the top may equal its end), then reset, NMI and HardFault: Thumb, in flash. */
function cortexTable(
  table: Uint8Array,
  code: Extract<ChipCode, { arch: 'cortex-m' }>,
  inFlash: (address: number) => boolean,
): boolean {
  const sp = le32(table, 0);
  if (sp % 4 !== 0 || sp <= code.ram.start || sp > code.ram.end) return false;
  for (let i = 1; i < 4; i++) {
    const handler = le32(table, i * 4);
    if ((handler & 1) !== 1 || !inFlash(handler - 1)) return false;
  }
  return true;
}

/** The chips a build is recognised as, for naming another chip's firmware: where each puts its vector table. */
const KNOWN_CODE: readonly { name: string; flash: { start: number; end: number }; code: ChipCode }[] = [
  { name: 'AVR', flash: { start: 0, end: 0x40000 }, code: { arch: 'avr', vectors: 26 } },
  {
    name: 'RP2040',
    flash: { start: 0x10000000, end: 0x11000000 },
    code: { arch: 'cortex-m', ram: { start: 0x20000000, end: 0x20042000 }, offset: 0x100 },
  },
  {
    name: 'STM32',
    flash: { start: 0x08000000, end: 0x08200000 },
    code: { arch: 'cortex-m', ram: { start: 0x20000000, end: 0x20080000 }, offset: 0 },
  },
];

/**
 * Which chip family the image's code is for ('AVR', 'RP2040', 'STM32'), or null when it opens with no vector
 * table Keyloom knows. A `.bin` has no addresses: it is tried at each family's flash start.
 */
export function recogniseCode(image: FirmwareImage, addressed: boolean): string | null {
  for (const known of KNOWN_CODE) {
    const placed = addressed
      ? image
      : {
          segments: image.segments.map((s, i) => ({
            ...s,
            address: i === 0 ? known.flash.start : s.address,
          })),
        };
    if (hasVectorTable(placed, known)) return known.name;
  }
  return null;
}
