import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeTabml, encodeTabml, fileName, INVALID_DATA } from './tabml.ts';
import { buildUf2, parseUf2 } from './uf2.ts';

const grid = { rows: 2, cols: 3 };

describe('.tabml files', () => {
  it('header: tabml, frames, fps, rows, cols, zero padding to 32 bytes, then RGB', () => {
    const bytes = encodeTabml({ frames: 1, fps: 15, rows: 2, cols: 3, data: new Uint8Array(18).fill(9) });
    expect([...bytes.subarray(0, 10)]).toEqual([0x74, 0x61, 0x62, 0x6d, 0x6c, 1, 15, 2, 3, 0]);
    expect(bytes.subarray(9, 32).every((b) => b === 0)).toBe(true);
    expect(bytes.length).toBe(32 + 18);
    expect(fileName('Keyloom Aurora 75', 16, 5)).toBe('keyloom_aurora_75_lighting_16_5.tabml');
    expect(fileName('', 3, 2)).toBe('keyloom_lighting_3_2.tabml');
  });

  it('round-trips any animation for the grid', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 20 }), fc.integer({ min: 1, max: 60 }), (frames, fps) => {
        const data = Uint8Array.from({ length: frames * 18 }, (_, i) => (i * 31) & 0xff);
        expect(decodeTabml(encodeTabml({ frames, fps, ...grid, data }), grid)).toEqual({
          frames,
          fps,
          ...grid,
          data,
        });
      }),
    );
  });

  it.each([
    ['a wrong marker', (b: Uint8Array) => (b[0] = 0x58)],
    ['zero frames', (b: Uint8Array) => (b[5] = 0)],
    ['other rows', (b: Uint8Array) => (b[7] = 4)],
    ['other cols', (b: Uint8Array) => (b[8] = 4)],
    ['two frames announced, one present', (b: Uint8Array) => (b[5] = 2)],
  ])('refuses %s with the spec message', (_, corrupt) => {
    const bytes = encodeTabml({ frames: 1, fps: 10, ...grid, data: new Uint8Array(18) });
    corrupt(bytes);
    expect(decodeTabml(bytes, grid)).toEqual({ error: INVALID_DATA });
  });

  it('refuses a truncated or empty file', () => {
    expect(decodeTabml(new Uint8Array(0), grid)).toEqual({ error: INVALID_DATA });
    expect(decodeTabml(new TextEncoder().encode('tabml'), grid)).toEqual({ error: INVALID_DATA });
  });
});

describe('UF2 images', () => {
  it('builds and parses blocks; payload survives', () => {
    const payload = Uint8Array.from({ length: 600 }, (_, i) => i & 0xff);
    const image = buildUf2(payload);
    expect(image.length).toBe(3 * 512);
    const parsed = parseUf2(image);
    expect(parsed).toMatchObject({ blocks: 3, familyId: 0xe48bff56 });
    expect('payload' in parsed && [...parsed.payload]).toEqual([...payload]);
  });

  it('refuses sizes that are not whole blocks, bad magics and blocks out of order', () => {
    expect(parseUf2(new Uint8Array(100))).toEqual({ error: expect.stringContaining('multiple of 512') });
    const bad = buildUf2(new Uint8Array(10));
    bad[0] = 0;
    expect(parseUf2(bad)).toEqual({ error: 'Block 0 is not a UF2 block.' });
    const swapped = buildUf2(new Uint8Array(600));
    swapped[20] = 1; // block 0 claims to be block 1
    expect(parseUf2(swapped)).toEqual({ error: 'Block 0 is out of sequence.' });
  });
});

describe('sizes', () => {
  it('base 1000 with Bytes, kB, MB, GB', async () => {
    const { formatBytes } = await import('./size.ts');
    expect([0, 999, 1000, 15_360, 2_500_000, 7e9, 4e12].map(formatBytes)).toEqual([
      '0 Bytes',
      '999 Bytes',
      '1.00 kB',
      '15.4 kB',
      '2.50 MB',
      '7.00 GB',
      '4000 GB',
    ]);
  });
});
