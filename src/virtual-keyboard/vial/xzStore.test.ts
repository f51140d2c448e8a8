import fc from 'fast-check';
import xz from 'xz-decompress';
import { describe, expect, it } from 'vitest';
import { crc32, crc64 } from './checksums.ts';
import { xzStore } from './xzStore.ts';

const hex = (bytes: Uint8Array) => [...bytes].map((b) => b.toString(16).padStart(2, '0')).join(' ');

async function unxz(bytes: Uint8Array): Promise<Uint8Array> {
  const stream = new xz.XzReadableStream(new Blob([new Uint8Array(bytes)]).stream());
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

describe('checksums', () => {
  // The check values of the CRC catalogue: "123456789".
  const digits = new TextEncoder().encode('123456789');
  it('CRC32 (IEEE)', () => expect(crc32(digits)).toBe(0xcbf43926));
  it('CRC64 (ECMA-182, as xz)', () => expect(crc64(digits)).toBe(0x995dc9bbdf1939fan));
});

describe('xzStore', () => {
  it('writes "hello" as `xz -C crc64` lays it out (only the dictionary-size byte and its header CRC differ)', () => {
    // xz 5.4 gives: … 02 00 21 01 16 00 00 00 74 2f e5 a3 …; the rest of its bytes are the same as these.
    expect(hex(xzStore(new TextEncoder().encode('hello')))).toBe(
      'fd 37 7a 58 5a 00 00 04 e6 d6 b4 46 02 00 21 01 08 00 00 00 d8 0f 23 13 01 00 04 68 65 6c 6c 6f ' +
        '00 00 00 00 b1 37 b9 db e5 da 1e 9b 00 01 1d 05 b8 2d 80 af 1f b6 f3 7d 01 00 00 00 00 04 59 5a',
    );
  });

  it('an empty input is a stream with no block', () => {
    expect(hex(xzStore(new Uint8Array()))).toBe(
      'fd 37 7a 58 5a 00 00 04 e6 d6 b4 46 00 00 00 00 1c df 44 21 1f b6 f3 7d 01 00 00 00 00 04 59 5a',
    );
  });

  it('decodes back with the browser decoder the app uses, across 64 KiB chunk boundaries', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(fc.uint8Array({ maxLength: 300 }), fc.constantFrom(65536, 65537)),
        async (input) => {
          const data =
            typeof input === 'number' ? Uint8Array.from({ length: input }, (_, i) => (i * 31) & 0xff) : input;
          expect(await unxz(xzStore(data))).toEqual(data);
        },
      ),
      { numRuns: 12 },
    );
  });

  it('a flipped byte is refused by the decoder (the checks are real)', async () => {
    const bytes = xzStore(new TextEncoder().encode('{"name":"x"}'));
    bytes[30] = bytes[30]! ^ 0x01;
    await expect(unxz(bytes)).rejects.toThrow();
  });
});
