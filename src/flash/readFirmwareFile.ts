import { looksLikeUf2 } from '../formats/uf2.ts';
import { withoutDfuSuffix } from './dfuSuffix.ts';
import { imageSize, isImage, type FirmwareImage } from './firmwareImage.ts';
import { hexAddress, flashRefusals } from './flashRefusals.ts';
import type { Refusal } from '../lib/refusal.ts';
import { byteCount } from '../lib/messageTemplate.ts';
import { identityProblem } from './firmwareCheck.ts';
import { findUsbIdentity, type UsbIdentity } from './firmwareIdentity.ts';
import type { FlashTarget } from '../bootloaders/flashTargets.ts';
import { looksLikeIntelHex, parseIntelHex } from './intelHex.ts';
import { readUf2Firmware } from './uf2Image.ts';

/**
 * The largest firmware file read: 16 MB of flash (the most an RP2040 addresses) as UF2 is 32 MB, as Intel HEX
 * about 45 MB. Anything larger is refused before it is read.
 */
export const FIRMWARE_FILE_LIMIT = 48 * 1024 * 1024;

export type FirmwareFormat = 'hex' | 'bin' | 'uf2';

/** A firmware file read and checked against the chip: ready for the protocol client. */
export interface CheckedFirmware {
  format: FirmwareFormat;
  image: FirmwareImage;
  /** Bytes that will be written. */
  size: number;
  /** The keyboard the image names in its USB device descriptor, or null when it holds none. */
  identity: UsbIdentity | null;
}

export type FirmwareResult = ({ ok: true } & CheckedFirmware) | { ok: false; problem: Refusal };

/** The refusal of a file of `size` bytes over FIRMWARE_FILE_LIMIT (checked before it is read), else null. */
export function firmwareSizeProblem(size: number): Refusal | null {
  return size > FIRMWARE_FILE_LIMIT
    ? flashRefusals.refusal('fileTooLarge', { size: byteCount(size), max: byteCount(FIRMWARE_FILE_LIMIT) })
    : null;
}

/**
 * Reads a firmware file the user picked and checks it against the target, in this order: size, format (by
 * content: UF2 magic, then an Intel HEX `:` record, then by the `.bin` name; a `.bin` is placed at the start of
 * the chip's flash), the records, then the image against the chip (`checkFirmware`). Nothing is written.
 */
export function readFirmwareFile(name: string, bytes: Uint8Array, target: FlashTarget): FirmwareResult {
  if (bytes.length === 0) return { ok: false, problem: flashRefusals.refusal('emptyFile') };
  const tooLarge = firmwareSizeProblem(bytes.length);
  if (tooLarge) return { ok: false, problem: tooLarge };
  let format: FirmwareFormat;
  let image: FirmwareImage | Refusal;
  let families: number[] = [];
  if (looksLikeUf2(bytes)) {
    format = 'uf2';
    const read = readUf2Firmware(
      bytes,
      target.uf2Family === null ? undefined : { id: target.uf2Family, chip: target.chip },
    );
    image = 'image' in read ? read.image : read;
    if ('image' in read) families = read.families;
  } else if (looksLikeIntelHex(bytes.subarray(0, 64))) {
    format = 'hex';
    image = parseIntelHex(new TextDecoder('latin1').decode(bytes));
  } else if (/\.bin$/i.test(name)) {
    format = 'bin';
    // QMK's STM32 `.bin` ends in a DFU suffix that is no firmware (dfuSuffix.ts).
    image = { segments: [{ address: target.flash.start, data: withoutDfuSuffix(bytes).slice() }] };
  } else return { ok: false, problem: flashRefusals.refusal('unknownFormat') };
  if (!isImage(image)) return { ok: false, problem: image };
  const refused = identityProblem(format, image, bytes, target, families) ?? checkFirmware(image, target);
  if (refused) return { ok: false, problem: refused };
  return { ok: true, format, image, size: imageSize(image), identity: findUsbIdentity(image) };
}

/**
 * Why an image cannot go on the target, or null: no data; more bytes than the flash outside the bootloader
 * holds; a byte outside the flash; a byte inside the bootloader's range (a `.hex` that includes a bootloader,
 * QMK's `:production` build, or a `.bin` linked for tinyuf2's 64 KB offset sent to the wrong bootloader). The
 * UF2 family is checked while reading (`readUf2Firmware`).
 */
export function checkFirmware(image: FirmwareImage, target: FlashTarget): Refusal | null {
  const size = imageSize(image);
  if (size === 0) return flashRefusals.refusal('noData');
  const { start, end } = target.flash;
  const room =
    end - start - (target.bootloaderRange ? target.bootloaderRange.end - target.bootloaderRange.start : 0);
  if (size > room)
    return flashRefusals.refusal('tooBig', {
      size: byteCount(size),
      max: byteCount(room),
      chip: target.chip,
    });
  const range = { chip: target.chip, start: hexAddress(start), end: hexAddress(end - 1) };
  for (const s of image.segments) {
    if (s.address < start)
      return flashRefusals.refusal('outsideFlash', { ...range, address: hexAddress(s.address) });
    if (s.address + s.data.length > end)
      return flashRefusals.refusal('outsideFlash', {
        ...range,
        address: hexAddress(Math.max(s.address, end)),
      });
    const boot = target.bootloaderRange;
    if (boot && s.address < boot.end && boot.start < s.address + s.data.length)
      return flashRefusals.refusal('protectedRegion', {
        address: hexAddress(Math.max(s.address, boot.start)),
        start: hexAddress(boot.start),
        end: hexAddress(boot.end - 1),
      });
  }
  return null;
}
