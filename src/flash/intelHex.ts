import { imageFromSegments, type FirmwareImage, type ImageSegment } from './firmwareImage.ts';
import { flashRefusals } from './flashRefusals.ts';
import type { Refusal } from '../lib/refusal.ts';

/**
 * Intel HEX (what avr-gcc builds and dfu-programmer, avrdude and teensy_loader_cli read): one record a line,
 * `:` then hex pairs: length, 16-bit offset, type, data, checksum (the two's complement of the sum of every
 * byte before it). Types: 00 data, 01 end of file, 02 extended segment address (base = value × 16),
 * 03 start segment address, 04 extended linear address (base = value << 16), 05 start linear address.
 */
const DATA = 0x00;
const END = 0x01;
const SEGMENT_BASE = 0x02;
const START_SEGMENT = 0x03;
const LINEAR_BASE = 0x04;
const START_LINEAR = 0x05;
/** Data bytes a record carries when written (avr-objcopy's width). */
const RECORD_DATA = 16;

/**
 * Reads an Intel HEX text into an image. Refuses, naming the line: a line that is not `:` + hex pairs, a length
 * that does not match, a wrong checksum, an unknown type, a malformed address/end record, data after the end
 * record, no end record, a record crossing its 64 KB window, an address written twice. Blank lines are allowed.
 */
export function parseIntelHex(text: string): FirmwareImage | Refusal {
  const runs: ImageSegment[] = [];
  let base = 0;
  let ended = false;
  const lines = text.split(/\r?\n/);
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!.trim();
    const at = { line: i + 1 };
    if (line === '') continue;
    if (ended) return flashRefusals.refusal('hexAfterEnd', at);
    if (!/^:(?:[0-9A-Fa-f]{2})+$/.test(line) || line.length < 11)
      return flashRefusals.refusal('hexBadLine', at);
    const bytes = new Uint8Array((line.length - 1) / 2);
    for (let b = 0; b < bytes.length; b++) bytes[b] = parseInt(line.slice(1 + b * 2, 3 + b * 2), 16);
    const length = bytes[0]!;
    if (bytes.length !== length + 5) return flashRefusals.refusal('hexBadLength', at);
    if (bytes.reduce((sum, b) => (sum + b) & 0xff, 0) !== 0)
      return flashRefusals.refusal('hexBadChecksum', at);
    const offset = (bytes[1]! << 8) | bytes[2]!;
    const type = bytes[3]!;
    const data = bytes.subarray(4, 4 + length);
    if (type === DATA) {
      if (offset + length > 0x10000) return flashRefusals.refusal('hexBadAddressRecord', at);
      runs.push({ address: base + offset, data: data.slice() });
    } else if (type === END) {
      if (length !== 0) return flashRefusals.refusal('hexBadAddressRecord', at);
      ended = true;
    } else if (type === SEGMENT_BASE || type === LINEAR_BASE) {
      if (length !== 2 || offset !== 0) return flashRefusals.refusal('hexBadAddressRecord', at);
      const value = (data[0]! << 8) | data[1]!;
      base = type === SEGMENT_BASE ? value * 16 : value * 0x10000;
    } else if (type === START_SEGMENT || type === START_LINEAR) {
      // Where a debugger starts the program; a bootloader starts at the reset vector whatever it says.
      if (length !== 4) return flashRefusals.refusal('hexBadAddressRecord', at);
    } else return flashRefusals.refusal('hexBadType', { line: i + 1, type: hexByteText(type) });
  }
  if (!ended) return flashRefusals.refusal('hexNoEnd');
  return imageFromSegments(runs);
}

const hexByteText = (n: number) => n.toString(16).toUpperCase().padStart(2, '0');

function record(type: number, offset: number, data: Uint8Array): string {
  const bytes = [data.length, (offset >> 8) & 0xff, offset & 0xff, type, ...data];
  const checksum = (0x100 - (bytes.reduce((s, b) => s + b, 0) & 0xff)) & 0xff;
  return `:${[...bytes, checksum].map(hexByteText).join('')}\n`;
}

/**
 * Writes an image as Intel HEX: data records of up to 16 bytes that never cross a 64 KB window, an extended
 * linear address record wherever the window changes (none below 64 KB, as avr-objcopy), then the end record.
 */
export function writeIntelHex(image: FirmwareImage): string {
  let out = '';
  let window = 0;
  for (const s of image.segments) {
    let at = s.address;
    const end = s.address + s.data.length;
    while (at < end) {
      const upper = Math.floor(at / 0x10000);
      if (upper !== window) {
        out += record(LINEAR_BASE, 0, new Uint8Array([(upper >> 8) & 0xff, upper & 0xff]));
        window = upper;
      }
      const length = Math.min(RECORD_DATA, end - at, 0x10000 - (at % 0x10000));
      out += record(DATA, at % 0x10000, s.data.subarray(at - s.address, at - s.address + length));
      at += length;
    }
  }
  return out + record(END, 0, new Uint8Array());
}

/** True when `text` starts like Intel HEX (a `:` record), to pick the reader. */
export function looksLikeIntelHex(head: Uint8Array): boolean {
  let i = 0;
  while (i < head.length && (head[i] === 0x20 || head[i] === 0x0a || head[i] === 0x0d || head[i] === 0x09))
    i++;
  return head[i] === 0x3a;
}
