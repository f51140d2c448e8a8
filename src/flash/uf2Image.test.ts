import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { UF2_FAMILY } from '../formats/uf2.ts';
import { imageFromSegments, isImage, readImage, type FirmwareImage } from './firmwareImage.ts';
import { readUf2Firmware, UF2_PAYLOAD, writeUf2 } from './uf2Image.ts';

const image = (segments: { address: number; data: Uint8Array }[]): FirmwareImage => {
  const made = imageFromSegments(segments);
  if (!isImage(made)) throw new Error('overlap');
  return made;
};

describe('writeUf2', () => {
  it('writes 256-byte blocks at 256-byte addresses, numbered, each naming the family', () => {
    const uf2 = writeUf2(image([{ address: 0x10000100, data: new Uint8Array(300).fill(7) }]), 0xe48bff56);
    expect(uf2.length).toBe(2 * 512);
    const view = new DataView(uf2.buffer);
    const field = (block: number, i: number) => view.getUint32(block * 512 + i * 4, true);
    expect([0, 1, 2, 3, 4, 5, 6, 7].map((i) => field(0, i))).toEqual([
      0x0a324655, 0x9e5d5157, 0x2000, 0x10000100, 256, 0, 2, 0xe48bff56,
    ]);
    expect(field(1, 3)).toBe(0x10000200);
    expect(view.getUint32(1024 - 4, true)).toBe(0x0ab16f30);
    // The second block's run is padded with erased flash after the image's 44 bytes.
    expect(uf2[512 + 32 + 43]).toBe(7);
    expect(uf2[512 + 32 + 44]).toBe(0xff);
  });

  it('reads back as the image with its runs filled out, for any image', () => {
    const runs = fc.array(
      fc.record({
        gap: fc.integer({ min: 0, max: 5000 }),
        data: fc.uint8Array({ minLength: 1, maxLength: 700 }),
      }),
      { minLength: 1, maxLength: 6 },
    );
    fc.assert(
      fc.property(runs, (parts) => {
        let at = 0x10000000;
        const segments = parts.map(({ gap, data }) => {
          at += gap;
          const segment = { address: at, data };
          at += data.length;
          return segment;
        });
        const written = image(segments);
        const read = readUf2Firmware(writeUf2(written, UF2_FAMILY.RP2040), {
          id: UF2_FAMILY.RP2040,
          chip: 'RP2040',
        });
        if (!('image' in read)) throw new Error(read.code);
        for (const s of written.segments)
          expect([...readImage(read.image, s.address, s.data.length)]).toEqual([...s.data]);
        for (const s of read.image.segments) {
          expect(s.address % UF2_PAYLOAD).toBe(0);
          expect(s.data.length % UF2_PAYLOAD).toBe(0);
        }
      }),
      { numRuns: 60 },
    );
  });
});
