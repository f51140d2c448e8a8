import { crc32, crc64 } from './checksums.ts';

/**
 * Writes `data` as a valid .xz file without compressing it: one block whose LZMA2 stream is made only of
 * *uncompressed* chunks (control 0x01 for the first, which resets the dictionary, then 0x02), checked with
 * CRC64 like Python's `lzma.compress`. Every xz decoder reads it (xz-utils, xz-embedded, Python's lzma), which is
 * all a Vial firmware's definition needs: the board stores bytes, the client decompresses them. Format: the
 * .xz file format 1.1.0 (stream header/footer, block header, index), LZMA2 chunk headers.
 */
export function xzStore(data: Uint8Array): Uint8Array {
  const out: number[] = [];
  const push32 = (value: number) =>
    out.push(value & 0xff, (value >>> 8) & 0xff, (value >>> 16) & 0xff, value >>> 24);
  // Stream flags: check type 0x04 = CRC64.
  const flags = [0x00, 0x04];
  out.push(0xfd, 0x37, 0x7a, 0x58, 0x5a, 0x00, ...flags);
  push32(crc32(flags));

  const records: { unpadded: number; size: number }[] = [];
  if (data.length > 0) {
    // Block header: size byte, flags (one filter, no sizes), LZMA2 filter (id 0x21, 1 property byte:
    // dictionary 64 KiB = one whole chunk), padding to a multiple of 4, CRC32.
    const header = [0x00, 0x00, 0x21, 0x01, 0x08];
    while ((header.length + 4) % 4 !== 0) header.push(0x00);
    header[0] = (header.length + 4) / 4 - 1;
    const blockStart = out.length;
    out.push(...header);
    push32(crc32(header));
    for (let at = 0; at < data.length; at += CHUNK) {
      const chunk = data.subarray(at, Math.min(at + CHUNK, data.length));
      out.push(at === 0 ? 0x01 : 0x02, ((chunk.length - 1) >> 8) & 0xff, (chunk.length - 1) & 0xff);
      for (const byte of chunk) out.push(byte);
    }
    out.push(0x00); // end of the LZMA2 stream
    const unpadded = out.length - blockStart + 8;
    while ((out.length - blockStart) % 4 !== 0) out.push(0x00);
    let check = crc64(data);
    for (let i = 0; i < 8; i++) {
      out.push(Number(check & 0xffn));
      check >>= 8n;
    }
    records.push({ unpadded, size: data.length });
  }

  const index = [0x00, ...varint(records.length)];
  for (const r of records) index.push(...varint(r.unpadded), ...varint(r.size));
  while (index.length % 4 !== 0) index.push(0x00);
  out.push(...index);
  push32(crc32(index));

  const backward = [...le32((index.length + 4) / 4 - 1), ...flags];
  push32(crc32(backward));
  out.push(...backward, 0x59, 0x5a);
  return Uint8Array.from(out);
}

/** Bytes of one uncompressed LZMA2 chunk (the format's limit is 64 KiB). */
const CHUNK = 0x10000;

function varint(value: number): number[] {
  const bytes: number[] = [];
  while (value >= 0x80) {
    bytes.push((value & 0x7f) | 0x80);
    value = Math.floor(value / 0x80);
  }
  bytes.push(value);
  return bytes;
}

function le32(value: number): number[] {
  return [value & 0xff, (value >>> 8) & 0xff, (value >>> 16) & 0xff, value >>> 24];
}
