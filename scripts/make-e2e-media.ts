/**
 * Writes the small media files the screen and matrix e2e tests import (e2e/fixtures/): PNGs and an animated
 * GIF of solid colours, encoded here so no image tool is needed. Run: npx tsx scripts/make-e2e-media.ts
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { deflateSync } from 'node:zlib';

type Rgba = [number, number, number, number];

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (bytes: Uint8Array) => {
  let c = 0xffffffff;
  for (const b of bytes) c = crcTable[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};

function png(width: number, height: number, pixel: (x: number, y: number) => Rgba): Buffer {
  const raw = Buffer.alloc(height * (1 + width * 4));
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) raw.set(pixel(x, y), y * (1 + width * 4) + 1 + x * 4);
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const out = Buffer.alloc(12 + data.length);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc32(body), 8 + data.length);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 6, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** An animated GIF, one solid palette colour per frame; LZW codes stay 3 bits wide by clearing often. */
function gif(
  width: number,
  height: number,
  palette: [number, number, number][],
  frames: number[],
  delayCs: number,
): Buffer {
  const bytes: number[] = [
    ...Buffer.from('GIF89a'),
    width & 255,
    width >> 8,
    height & 255,
    height >> 8,
    0xf1,
    0,
    0,
  ];
  for (let i = 0; i < 4; i++) bytes.push(...(palette[i] ?? [0, 0, 0]));
  bytes.push(0x21, 0xff, 11, ...Buffer.from('NETSCAPE2.0'), 3, 1, 0, 0, 0);
  for (const colour of frames) {
    bytes.push(0x21, 0xf9, 4, 0, delayCs & 255, delayCs >> 8, 0, 0);
    bytes.push(0x2c, 0, 0, 0, 0, width & 255, width >> 8, height & 255, height >> 8, 0);
    const clear = 4;
    const codes: number[] = [];
    for (let i = 0; i < width * height; i++) {
      if (i % 2 === 0) codes.push(clear);
      codes.push(colour);
    }
    codes.push(clear + 1);
    const data: number[] = [];
    let acc = 0;
    let bits = 0;
    for (const code of codes) {
      acc |= code << bits;
      bits += 3;
      while (bits >= 8) {
        data.push(acc & 255);
        acc >>= 8;
        bits -= 8;
      }
    }
    if (bits > 0) data.push(acc & 255);
    bytes.push(2);
    for (let i = 0; i < data.length; i += 255) {
      const block = data.slice(i, i + 255);
      bytes.push(block.length, ...block);
    }
    bytes.push(0);
  }
  bytes.push(0x3b);
  return Buffer.from(bytes);
}

mkdirSync('e2e/fixtures', { recursive: true });
const RED: Rgba = [255, 0, 0, 255];
const BLUE: Rgba = [0, 0, 255, 255];
writeFileSync(
  'e2e/fixtures/red-blue.png',
  png(64, 36, (x) => (x < 32 ? RED : BLUE)),
);
writeFileSync(
  'e2e/fixtures/badge.png',
  png(20, 20, (x, y) => ((x - 10) ** 2 + (y - 10) ** 2 < 64 ? [255, 255, 255, 255] : [0, 0, 0, 0])),
);
writeFileSync(
  'e2e/fixtures/slides/1-magenta.png',
  (mkdirSync('e2e/fixtures/slides', { recursive: true }), png(40, 40, () => [255, 0, 255, 255])),
);
writeFileSync(
  'e2e/fixtures/slides/2-cyan.png',
  png(40, 40, () => [0, 255, 255, 255]),
);
writeFileSync('e2e/fixtures/slides/notes.txt', 'not an image\n');
writeFileSync(
  'e2e/fixtures/four-colours.gif',
  gif(
    48,
    27,
    [
      [255, 0, 0],
      [0, 255, 0],
      [0, 0, 255],
      [255, 255, 0],
    ],
    [0, 1, 2, 3],
    10,
  ),
);
