import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addFrame,
  animationData,
  cellColor,
  clearFrame,
  copyFrame,
  deleteFrame,
  frameFromRgba,
  fromData,
  hexInput,
  moveFrame,
  nearestFps,
  newAnimation,
  nextFrame,
  paint,
  shift,
  type Animation,
} from './frames.ts';
import { normaliseText } from './texts.ts';

const RED = { r: 255, g: 0, b: 0 };
const BLUE = { r: 0, g: 0, b: 255 };
/** Frames tagged by painting cell (0,0) with their number in red, to follow them through edits. */
const tagged = (count: number): Animation => {
  let a = newAnimation(2, 3);
  a = paint(a, 0, 0, { r: 1, g: 0, b: 0 });
  for (let i = 2; i <= count; i++) a = paint(addFrame(a, 99), 0, 0, { r: i, g: 0, b: 0 });
  return { ...a, index: 0 };
};
const tags = (a: Animation) => a.frames.map((f) => f[0]);

describe('matrix frames (extended.md §4)', () => {
  it('Add inserts a blank frame after the current one and selects it; not beyond the limit', () => {
    const a = addFrame(tagged(3), 10);
    expect(tags(a)).toEqual([1, 0, 2, 3]);
    expect(a.index).toBe(1);
    expect(addFrame(tagged(3), 3).frames).toHaveLength(3);
  });

  it('Copy duplicates the current frame after itself', () => {
    const a = copyFrame({ ...tagged(3), index: 1 }, 10);
    expect(tags(a)).toEqual([1, 2, 2, 3]);
    expect(a.index).toBe(2);
    expect(a.frames[1]).not.toBe(a.frames[2]);
    expect(copyFrame(tagged(3), 3).frames).toHaveLength(3);
  });

  it('Delete removes the current frame and clamps the index; the only frame is cleared', () => {
    const last = deleteFrame({ ...tagged(3), index: 2 });
    expect(tags(last)).toEqual([1, 2]);
    expect(last.index).toBe(1);
    const only = deleteFrame(tagged(1));
    expect(only.frames).toHaveLength(1);
    expect(only.frames[0]!.every((b) => b === 0)).toBe(true);
  });

  it('Next wraps around; Reorder moves the current frame and keeps it selected', () => {
    expect(nextFrame({ ...tagged(3), index: 2 }).index).toBe(0);
    const moved = moveFrame({ ...tagged(4), index: 0 }, 2);
    expect(tags(moved)).toEqual([2, 3, 1, 4]);
    expect(moved.index).toBe(2);
  });

  it('Shifts wrap around the edges', () => {
    let a = paint(newAnimation(2, 3), 0, 2, RED);
    a = shift(a, 'right');
    expect(cellColor(a, 0, 0)).toEqual(RED);
    a = shift(a, 'up');
    expect(cellColor(a, 1, 0)).toEqual(RED);
    a = shift(shift(a, 'left'), 'down');
    expect(cellColor(a, 0, 2)).toEqual(RED);
  });

  it('four shifts in one direction on a 4-wide grid are the identity (property)', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 24, maxLength: 24 }), (bytes) => {
        const a: Animation = { rows: 2, cols: 4, frames: [bytes], index: 0 };
        const back = shift(shift(shift(shift(a, 'left'), 'left'), 'left'), 'left');
        expect([...back.frames[0]!]).toEqual([...bytes]);
        expect([...shift(shift(a, 'up'), 'down').frames[0]!]).toEqual([...bytes]);
      }),
    );
  });

  it('Paint outside the grid is ignored; Reset makes the frame black', () => {
    const a = paint(newAnimation(2, 3), 0, 0, BLUE);
    expect(paint(a, 2, 0, RED)).toBe(a);
    expect(paint(a, 0, 3, RED)).toBe(a);
    expect(paint(a, -1, 0, RED)).toBe(a);
    expect(clearFrame(a).frames[0]!.every((b) => b === 0)).toBe(true);
  });

  it('data is frame by frame, row by row, RGB, and reads back', () => {
    let a = paint(newAnimation(1, 2), 0, 1, RED);
    a = paint(addFrame(a, 5), 0, 0, BLUE);
    const data = animationData(a);
    expect([...data]).toEqual([0, 0, 0, 255, 0, 0, 0, 0, 255, 0, 0, 0]);
    expect(fromData(1, 2, 2, data).frames.map((f) => [...f])).toEqual(a.frames.map((f) => [...f]));
  });

  it('an image is averaged into cells; transparency is unlit', () => {
    // 2×2 image into a 1×2 grid: left column red, right column half-transparent white.
    const rgba = Uint8Array.from([255, 0, 0, 255, 255, 255, 255, 128, 255, 0, 0, 255, 255, 255, 255, 128]);
    expect([...frameFromRgba(rgba, 2, 2, 1, 2)]).toEqual([255, 0, 0, 128, 128, 128]);
  });

  it('fps from files snaps to the offered rates', () => {
    expect([1, 7, 12, 60].map(nearestFps)).toEqual([5, 5, 10, 20]);
  });
});

describe('colour field and texts (extended.md §5)', () => {
  it('hex: strips non-hex, adds #, max 7 chars, accepts 3 or 6 digits', () => {
    expect(hexInput('zz12g3')).toEqual({ text: '#123', color: { r: 0x11, g: 0x22, b: 0x33 } });
    expect(hexInput('#ff00aa99')).toEqual({ text: '#ff00aa', color: { r: 255, g: 0, b: 0xaa } });
    expect(hexInput('ff00')).toEqual({ text: '#ff00', color: null });
  });

  it('texts: printable ASCII only, uppercase, cut to the configured length', () => {
    expect(normaliseText('héllo wörld~!', 8)).toBe('HLLO WRL');
    expect(normaliseText('\tab\ncd', 10)).toBe('ABCD');
    // Stripped before cutting, and a removed character between spaces leaves one space (issue #13).
    expect(normaliseText('love é you', 16)).toBe('LOVE YOU');
    expect(normaliseText('éé' + 'abcdefghijklmnop', 16)).toBe('ABCDEFGHIJKLMNOP');
    expect(normaliseText('a 😀 b', 16)).toBe('A B');
  });
});
