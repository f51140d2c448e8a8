import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { imageFromSegments, isImage, type FirmwareImage, type ImageSegment } from './firmwareImage.ts';
import { handednessImage } from './handedness.ts';
import { parseIntelHex, writeIntelHex } from './intelHex.ts';

const ok = (text: string): FirmwareImage => {
  const image = parseIntelHex(text);
  if (!isImage(image)) throw new Error(`refused: ${JSON.stringify(image)}`);
  return image;
};

/** Non-overlapping runs anywhere in 32-bit space (windows crossed, gaps, touching runs). */
const runs = fc
  .array(
    fc.record({
      gap: fc.integer({ min: 0, max: 0x30000 }),
      data: fc.uint8Array({ minLength: 1, maxLength: 300 }),
    }),
    { maxLength: 12 },
  )
  .chain((parts) =>
    fc.integer({ min: 0, max: 0x0fff0000 }).map((origin) => {
      let at = origin;
      return parts.map(({ gap, data }): ImageSegment => {
        at += gap;
        const run = { address: at, data };
        at += data.length;
        return run;
      });
    }),
  );

describe('Intel HEX', () => {
  it('reads QMK’s right-hand EE_HANDS file, and writes the left and right images byte for byte as QMK’s', () => {
    const right = ':0F000000000000000000000000000000000000F1\n:00000001FF\n';
    expect(ok(right)).toEqual(handednessImage('right'));
    expect(writeIntelHex(handednessImage('right'))).toBe(right);
    expect(writeIntelHex(handednessImage('left'))).toBe(
      ':0F000000000000000000000000000000000001F0\n:00000001FF\n',
    );
  });

  it('places data after extended linear (04) and segment (02) address records; ignores start records', () => {
    const text = [
      ':020000040800F2',
      ':0400000001020304F2',
      ':020000021000EC',
      ':02000200AABB97',
      ':0400000508000131BD',
      ':00000001FF',
      '',
    ].join('\r\n');
    expect(ok(text).segments).toEqual([
      { address: 0x10002, data: new Uint8Array([0xaa, 0xbb]) },
      { address: 0x08000000, data: new Uint8Array([1, 2, 3, 4]) },
    ]);
  });

  it('round-trips any image (windows crossed, gaps, touching runs merged)', () => {
    fc.assert(
      fc.property(runs, (list) => {
        const image = imageFromSegments(list);
        expect(isImage(image)).toBe(true);
        if (!isImage(image)) return;
        expect(ok(writeIntelHex(image))).toEqual(image);
      }),
      { numRuns: 60 },
    );
  });

  const good = ':0400100001020304E2\n:00000001FF\n';
  it.each([
    ['a line without the colon', '0400100001020304E2\n:00000001FF\n', 'hexBadLine', 1],
    ['an odd number of digits', ':0400100001020304E\n:00000001FF\n', 'hexBadLine', 1],
    ['a non-hex digit', ':04001000010203G4E2\n:00000001FF\n', 'hexBadLine', 1],
    ['a record too short to hold its header', ':0000\n', 'hexBadLine', 1],
    ['a length longer than the data', ':0500100001020304E1\n:00000001FF\n', 'hexBadLength', 1],
    ['a length shorter than the data', ':0300100001020304E3\n:00000001FF\n', 'hexBadLength', 1],
    ['a wrong checksum', ':0400100001020304E3\n:00000001FF\n', 'hexBadChecksum', 1],
    ['an unknown type', ':00000006FA\n:00000001FF\n', 'hexBadType', 1],
    ['an end record with data', ':0100000100FE\n', 'hexBadAddressRecord', 1],
    ['a linear address record of 3 bytes', ':03000004000000F9\n:00000001FF\n', 'hexBadAddressRecord', 1],
    ['a start record of 2 bytes', ':020000050000F9\n:00000001FF\n', 'hexBadAddressRecord', 1],
    ['a record crossing its 64 KB window', ':04FFFE0001020304F5\n:00000001FF\n', 'hexBadAddressRecord', 1],
    ['no end record (cut short)', ':0400100001020304E2\n', 'hexNoEnd', undefined],
    ['records after the end', ':00000001FF\n:0400100001020304E2\n', 'hexAfterEnd', 2],
    [
      'two records writing one address',
      ':0400100001020304E2\n:0100120009E4\n:00000001FF\n',
      'overlap',
      undefined,
    ],
  ])('refuses %s', (_, text, code, line) => {
    expect(isImage(ok(good))).toBe(true);
    const refused = parseIntelHex(text);
    expect(refused).toMatchObject({ code: `flash.${code}` });
    if (line !== undefined) expect(refused).toMatchObject({ values: { line: String(line) } });
  });

  it('refuses every corruption of one character of a record (checksum or syntax catches it)', () => {
    const text = writeIntelHex({
      segments: [{ address: 0x1234, data: new Uint8Array([1, 2, 3, 4, 5, 6, 7, 8]) }],
    });
    const record = text.split('\n')[0]!;
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: record.length - 1 }),
        fc.constantFrom(...'0123456789ABCDEFZ:'.split('')),
        (at, ch) => {
          fc.pre(record[at] !== ch);
          const bad = record.slice(0, at) + ch + record.slice(at + 1);
          expect(isImage(parseIntelHex(`${bad}\n:00000001FF\n`))).toBe(false);
        },
      ),
      { numRuns: 300 },
    );
  });
});
