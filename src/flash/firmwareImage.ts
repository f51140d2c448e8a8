import { hexAddress, flashRefusals } from './flashRefusals.ts';
import type { Refusal } from '../lib/refusal.ts';

/** Bytes to write at one address. */
export interface ImageSegment {
  address: number;
  data: Uint8Array;
}

/**
 * A firmware as the bootloader sees it: runs of bytes at flash addresses, sorted, never overlapping, touching
 * runs merged. Intel HEX and UF2 files have gaps (a `.hex` for an AVR leaves the bootloader's bytes out), so an
 * image is not one array: a client writes what is there and nothing else.
 */
export interface FirmwareImage {
  segments: readonly ImageSegment[];
}

/**
 * Builds an image from runs in any order; touching runs are merged. Returns the first address written twice
 * as a problem (`overlap`) instead: a file that says two things about one byte is damaged.
 */
export function imageFromSegments(runs: readonly ImageSegment[]): FirmwareImage | Refusal {
  const sorted = runs.filter((r) => r.data.length > 0).sort((a, b) => a.address - b.address);
  const merged: { address: number; parts: Uint8Array[]; end: number }[] = [];
  for (const run of sorted) {
    const last = merged[merged.length - 1];
    if (last && run.address < last.end)
      return flashRefusals.refusal('overlap', { address: hexAddress(run.address) });
    if (last && run.address === last.end) {
      last.parts.push(run.data);
      last.end += run.data.length;
    } else merged.push({ address: run.address, parts: [run.data], end: run.address + run.data.length });
  }
  return {
    segments: merged.map((m) => ({ address: m.address, data: concat(m.parts, m.end - m.address) })),
  };
}

function concat(parts: Uint8Array[], length: number): Uint8Array {
  if (parts.length === 1) return parts[0]!.slice();
  const out = new Uint8Array(length);
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

export const isImage = (value: FirmwareImage | Refusal): value is FirmwareImage => 'segments' in value;

/** Bytes the image holds (what will be written and verified). */
export function imageSize(image: FirmwareImage): number {
  return image.segments.reduce((n, s) => n + s.data.length, 0);
}

/** The first address written, or null for an empty image. */
export function imageStart(image: FirmwareImage): number | null {
  return image.segments[0]?.address ?? null;
}

/** One past the last address written (0 for an empty image). */
export function imageEnd(image: FirmwareImage): number {
  const last = image.segments[image.segments.length - 1];
  return last ? last.address + last.data.length : 0;
}

/** `length` bytes from `address`, with `fill` where the image has none (0xFF: erased flash). */
export function readImage(image: FirmwareImage, address: number, length: number, fill = 0xff): Uint8Array {
  const out = new Uint8Array(length).fill(fill);
  const end = address + length;
  for (const s of image.segments) {
    const from = Math.max(address, s.address);
    const to = Math.min(end, s.address + s.data.length);
    if (from < to) out.set(s.data.subarray(from - s.address, to - s.address), from - address);
  }
  return out;
}

/** Whether the image has any byte in [address, address + length). */
export function imageTouches(image: FirmwareImage, address: number, length: number): boolean {
  return image.segments.some((s) => s.address < address + length && address < s.address + s.data.length);
}

/**
 * The blocks of `size` bytes (aligned to `size` from `origin`) that hold any of the image, in order: the
 * units a page-writing bootloader is given. A block only partly in the image is padded with 0xFF.
 */
export function imageBlocks(image: FirmwareImage, size: number, origin = 0): number[] {
  const out: number[] = [];
  for (const s of image.segments) {
    const first = origin + Math.floor((s.address - origin) / size) * size;
    for (let at = first; at < s.address + s.data.length; at += size)
      if (out[out.length - 1] !== at) out.push(at);
  }
  return out;
}
