import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { encodeFrame, FRAME_EOF, FRAME_ESC, FRAME_SOF, FrameDecoder } from './framing.ts';

const hex = (bytes: Uint8Array) => [...bytes].map((b) => b.toString(16).padStart(2, '0')).join(' ');

/** Cuts `bytes` at the given points (any order, any repeats) into chunks, some of them empty. */
function chunked(bytes: Uint8Array, cuts: number[]): Uint8Array[] {
  const points = [...new Set(cuts.map((c) => c % (bytes.length + 1)))].sort((a, b) => a - b);
  const chunks: Uint8Array[] = [];
  let from = 0;
  for (const point of points) {
    chunks.push(bytes.slice(from, point));
    from = point;
  }
  chunks.push(bytes.slice(from));
  return chunks;
}

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

describe('encodeFrame', () => {
  it('wraps a payload without special bytes in SoF … EoF (ZMK docs, simple example)', () => {
    expect(hex(encodeFrame(Uint8Array.of(0x12, 0x01, 0xbb)))).toBe('ab 12 01 bb ad');
  });

  it('escapes EoF and Esc in the payload (ZMK docs, escaping example)', () => {
    expect(hex(encodeFrame(Uint8Array.of(0x12, 0xad, 0xac)))).toBe('ab 12 ac ad ac ac ad');
  });

  it('escapes SoF too, and frames an empty payload', () => {
    expect(hex(encodeFrame(Uint8Array.of(0xab)))).toBe('ab ac ab ad');
    expect(hex(encodeFrame(new Uint8Array()))).toBe('ab ad');
  });
});

describe('FrameDecoder', () => {
  it('reads the docs example back', () => {
    expect(new FrameDecoder().push(Uint8Array.of(0xab, 0x12, 0xac, 0xad, 0xac, 0xac, 0xad)).map(hex)).toEqual(
      ['12 ad ac'],
    );
  });

  it('round-trips any payloads over any chunking', () => {
    fc.assert(
      fc.property(
        fc.array(fc.uint8Array({ maxLength: 64 }), { maxLength: 6 }),
        fc.array(fc.nat(), { maxLength: 20 }),
        (payloads, cuts) => {
          const decoder = new FrameDecoder();
          const frames = chunked(concat(payloads.map(encodeFrame)), cuts).flatMap((c) => decoder.push(c));
          expect(frames.map(hex)).toEqual(payloads.map(hex));
          expect(decoder.droppedBytes).toBe(0);
          expect(decoder.inFrame).toBe(false);
        },
      ),
    );
  });

  it('skips garbage between frames (any bytes but SoF) and counts it', () => {
    const noise = fc.uint8Array({ maxLength: 16 }).map((b) => b.map((x) => (x === FRAME_SOF ? 0x00 : x)));
    fc.assert(
      fc.property(
        fc.array(fc.tuple(noise, fc.uint8Array({ maxLength: 40 })), { maxLength: 5 }),
        noise,
        fc.array(fc.nat(), { maxLength: 20 }),
        (pairs, tail, cuts) => {
          const stream = concat([...pairs.flatMap(([junk, payload]) => [junk, encodeFrame(payload)]), tail]);
          const decoder = new FrameDecoder();
          const frames = chunked(stream, cuts).flatMap((c) => decoder.push(c));
          expect(frames.map(hex)).toEqual(pairs.map(([, payload]) => hex(payload)));
          expect(decoder.droppedBytes).toBe(pairs.reduce((n, [junk]) => n + junk.length, 0) + tail.length);
        },
      ),
    );
  });

  it('drops a frame cut short by the next SoF and reads that next frame', () => {
    const decoder = new FrameDecoder();
    const frames = decoder.push(
      Uint8Array.of(FRAME_SOF, 1, 2, FRAME_SOF, 3, FRAME_ESC, FRAME_EOF, FRAME_EOF),
    );
    expect(frames.map(hex)).toEqual(['03 ad']);
    expect(decoder.droppedFrames).toBe(1);
    expect(decoder.droppedBytes).toBe(3);
  });

  it('keeps a partial frame across chunks and forgets it on reset', () => {
    const decoder = new FrameDecoder();
    expect(decoder.push(Uint8Array.of(FRAME_SOF, 9))).toEqual([]);
    expect(decoder.inFrame).toBe(true);
    decoder.reset();
    expect(decoder.push(Uint8Array.of(7, FRAME_EOF, FRAME_SOF, 8, FRAME_EOF)).map(hex)).toEqual(['08']);
  });

  it('drops a frame without end as soon as it is longer than any reply: memory stays within the limit', () => {
    const decoder = new FrameDecoder(1000);
    const noise = new Uint8Array(256).fill(0x01);
    decoder.push(Uint8Array.of(FRAME_SOF));
    let most = 0;
    for (let i = 0; i < 40; i++) {
      decoder.push(noise);
      most = Math.max(most, decoder.bufferedBytes);
    }
    expect(most).toBeLessThanOrEqual(1000);
    expect(decoder.bufferedBytes).toBe(0);
    expect(decoder.oversizedFrames).toBe(1);
    // Its end, when it comes, ends nothing; the next frame is read whole.
    expect(decoder.push(Uint8Array.of(FRAME_EOF, FRAME_SOF, 5, FRAME_EOF)).map(hex)).toEqual(['05']);
  });

  it('reads a frame exactly as long as the limit', () => {
    const payload = new Uint8Array(1000).fill(7);
    expect(new FrameDecoder(1000).push(encodeFrame(payload))[0]).toEqual(payload);
    expect(new FrameDecoder(999).push(encodeFrame(payload))).toEqual([]);
  });
});
