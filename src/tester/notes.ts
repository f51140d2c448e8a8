/**
 * Key Tester sounds: which note a key plays (core.md §Key Tester: modes Wicki-Hayden, Chromatic, Random;
 * transpose -24…24). Keys are placed by their position in key units, so any layout plays musically.
 */
export type SoundMode = 'wicki-hayden' | 'chromatic' | 'random';

/** MIDI note of the bottom-left key before transposing: C3, so a full board spans about four octaves. */
export const BASE_NOTE = 48;
export const MIN_TRANSPOSE = -24;
export const MAX_TRANSPOSE = 24;

export interface NotePosition {
  x: number;
  /** Rows above the lowest row (0 for the bottom row). */
  rowUp: number;
  /** Stable index of the key, for Random. */
  index: number;
}

/** A small integer hash: Random gives every key its own note, the same one each time. */
function scramble(n: number): number {
  let h = (n + 0x9e37) * 0x85ebca6b;
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

/**
 * Wicki-Hayden: one key right is a whole tone, up-right a fifth, up-left a fourth (rows are staggered by half a
 * key, so a row up is 6 semitones). Chromatic: one key right is a semitone, a row up a fourth, like a bass.
 */
export function noteFor(position: NotePosition, mode: SoundMode, transpose: number): number {
  const t = Math.max(MIN_TRANSPOSE, Math.min(MAX_TRANSPOSE, Math.round(transpose)));
  const steps =
    mode === 'wicki-hayden'
      ? Math.round(2 * position.x + 6 * position.rowUp)
      : mode === 'chromatic'
        ? Math.round(position.x + 5 * position.rowUp)
        : scramble(position.index) % 37;
  return BASE_NOTE + steps + t;
}

export function frequency(note: number): number {
  return 440 * 2 ** ((note - 69) / 12);
}

/** Note positions for a list of keys (x, y in key units), rows counted from the bottom. */
export function notePositions(keys: readonly { x: number; y: number }[]): NotePosition[] {
  const bottom = keys.reduce((max, k) => Math.max(max, Math.round(k.y)), 0);
  return keys.map((k, index) => ({ x: k.x, rowUp: bottom - Math.round(k.y), index }));
}
