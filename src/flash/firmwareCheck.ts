import { familyName } from '../formats/uf2.ts';
import { DFU_ANY_ID, dfuSuffixIds } from './dfuSuffix.ts';
import type { FirmwareImage } from './firmwareImage.ts';
import { hasVectorTable, recogniseCode, type UsbIdentity } from './firmwareIdentity.ts';
import { hexAddress, flashRefusals } from './flashRefusals.ts';
import type { Refusal } from '../lib/refusal.ts';
import {
  BOOTLOADER_NAMES,
  FLASH_TARGETS,
  type FlashTarget,
  type UsbId,
} from '../bootloaders/flashTargets.ts';

/*
 * Is this file firmware for this chip, and for this keyboard (issue 38.1, issue 39.8)? Refusals come first and
 * end the matter: a DFU suffix naming another bootloader's USB ids, another chip's UF2 family, an image that does
 * not open with the chip's vector table (named as another chip's build where Keyloom recognises it). What is
 * left may still be another keyboard's build: a warning the user must confirm ("Flash anyway").
 */

/** `FEED:6465`: USB ids as messages show them. */
export const usbIds = (id: UsbId): string =>
  [id.vendorId, id.productId].map((n) => n.toString(16).toUpperCase().padStart(4, '0')).join(':');

/** The QMK file type a bootloader's builds come as (what a refusal tells the user to pick instead). */
const BUILD_FORMAT: Record<FlashTarget['protocol'], string> = {
  'atmel-dfu': '.hex',
  avr109: '.hex',
  halfkay: '.hex',
  dfuse: '.bin',
  uf2: '.uf2',
};

/** A bootloader as messages name it: "Caterina (Pro Micro, Elite-C)". */
const bootloaderName = (target: FlashTarget): string =>
  BOOTLOADER_NAMES[target.bootloader] ?? target.bootloader;

function otherChip(format: string, found: string, target: FlashTarget): Refusal {
  return flashRefusals.refusal('otherChip', {
    format: `.${format}`,
    found,
    bootloader: bootloaderName(target),
    chip: target.chip,
    expected: BUILD_FORMAT[target.protocol],
  });
}

/**
 * Why the file is not firmware for the target's chip, or null. `bytes` is the file as picked (a `.bin`'s DFU
 * suffix is read from it), `families` the UF2 family ids its blocks name.
 */
export function identityProblem(
  format: 'hex' | 'bin' | 'uf2',
  image: FirmwareImage,
  bytes: Uint8Array,
  target: FlashTarget,
  families: readonly number[] = [],
): Refusal | null {
  const suffix = format === 'bin' ? dfuSuffixIds(bytes) : null;
  if (suffix && !suffixFits(suffix, target.usb)) {
    const owner = FLASH_TARGETS.find((t) => t.usb.some((id) => sameIds(id, suffix)));
    return flashRefusals.refusal('dfuSuffixOther', {
      found: owner ? `${bootloaderName(owner)} (${usbIds(suffix)})` : usbIds(suffix),
      bootloader: bootloaderName(target),
    });
  }
  if (format === 'uf2' && target.uf2Family === null && families.length > 0)
    return otherChip(format, familyName(families[0]!), target);
  if (hasVectorTable(image, target)) return null;
  const found = recogniseCode(image, format !== 'bin');
  const same =
    found !== null && (target.chip.startsWith(found) || (found === 'AVR' && target.code.arch === 'avr'));
  if (found && !same) return otherChip(format, found, target);
  const table =
    target.code.arch === 'avr' ? target.flash.start : (image.segments[0]?.address ?? 0) + target.code.offset;
  return flashRefusals.refusal('notFirmware', { chip: target.chip, address: hexAddress(table) });
}

const sameIds = (a: UsbId, b: UsbId) => a.vendorId === b.vendorId && a.productId === b.productId;

/** dfu-util's rule: each id matches, or is 0xFFFF (any). A drive has no ids: only "any" fits it. */
function suffixFits(suffix: UsbId, ids: readonly UsbId[]): boolean {
  if (suffix.vendorId === DFU_ANY_ID && suffix.productId === DFU_ANY_ID) return true;
  return ids.some(
    (id) =>
      (suffix.vendorId === DFU_ANY_ID || suffix.vendorId === id.vendorId) &&
      (suffix.productId === DFU_ANY_ID || suffix.productId === id.productId),
  );
}

/** The keyboard a flash is for: its USB ids and name as the app knows them. */
export interface KeyboardIds extends UsbId {
  name: string;
}

/**
 * A warning the user must confirm before the image is flashed, or null when the image names this keyboard: it
 * names another keyboard's USB ids, or none at all (Keyloom cannot tell what it is for).
 */
export function keyboardWarning(identity: UsbIdentity | null, keyboard: KeyboardIds): Refusal | null {
  if (!identity) return flashRefusals.refusal('unknownKeyboard', { keyboard: keyboard.name });
  if (sameIds(identity, keyboard)) return null;
  return flashRefusals.refusal('otherKeyboard', {
    names: identity.names[0] ?? '?',
    ids: usbIds(identity),
    keyboard: keyboard.name,
    expected: usbIds(keyboard),
  });
}
