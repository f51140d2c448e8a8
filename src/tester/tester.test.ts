import { describe, expect, it } from 'vitest';
import { matrixChanges } from './matrix.ts';
import { BASE_NOTE, frequency, noteFor, notePositions } from './notes.ts';

describe('matrix test changes', () => {
  it('first read: held keys go down; later reads report only flips', () => {
    const a = [
      [true, false],
      [false, false],
    ];
    const b = [
      [false, false],
      [false, true],
    ];
    expect(matrixChanges(null, a, 2)).toEqual([{ index: 0, state: 'down' }]);
    expect(matrixChanges(a, b, 2)).toEqual([
      { index: 0, state: 'up' },
      { index: 3, state: 'down' },
    ]);
    expect(matrixChanges(b, b, 2)).toEqual([]);
  });
});

describe('key sounds', () => {
  const [bottomLeft, right, upRight, upLeft] = notePositions([
    { x: 0.5, y: 1 },
    { x: 1.5, y: 1 },
    { x: 1, y: 0 },
    { x: 0, y: 0 },
  ]);
  it('Wicki-Hayden: right is a whole tone, up-right a fifth, up-left a fourth', () => {
    const base = noteFor(bottomLeft!, 'wicki-hayden', 0);
    expect(noteFor(right!, 'wicki-hayden', 0) - base).toBe(2);
    expect(noteFor(upRight!, 'wicki-hayden', 0) - base).toBe(7);
    expect(noteFor(upLeft!, 'wicki-hayden', 0) - base).toBe(5);
  });
  it('Chromatic: right is a semitone, a row up a fourth; transpose shifts and clamps to ±24', () => {
    const base = noteFor(bottomLeft!, 'chromatic', 0);
    expect(noteFor(right!, 'chromatic', 0) - base).toBe(1);
    expect(noteFor(bottomLeft!, 'chromatic', 12) - base).toBe(12);
    expect(noteFor(bottomLeft!, 'chromatic', 99) - base).toBe(24);
  });
  it('Random: the same key always plays the same note, within three octaves', () => {
    const n = noteFor(right!, 'random', 0);
    expect(noteFor(right!, 'random', 0)).toBe(n);
    expect(n).toBeGreaterThanOrEqual(BASE_NOTE);
    expect(n).toBeLessThanOrEqual(BASE_NOTE + 36);
  });
  it('A4 is 440 Hz', () => {
    expect(frequency(69)).toBe(440);
    expect(frequency(81)).toBeCloseTo(880);
  });
});
