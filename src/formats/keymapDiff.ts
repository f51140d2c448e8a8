/** One keymap-buffer write: byte offset and the bytes to write (at most 28). */
export interface ChunkWrite {
  offset: number;
  bytes: number[];
}

export const CHUNK = 28;

/** Big-endian bytes of a layer-major keymap, as the dynamic keymap buffer holds it. */
export function keymapBytes(layers: readonly (readonly number[])[]): number[] {
  return layers.flatMap((layer) => layer.flatMap((code) => [(code >> 8) & 0xff, code & 0xff]));
}

const KEYCODE_BYTES = 2;

/**
 * The fewest keymap-buffer writes (each at most 28 bytes) that turn `current` into `next` (same shape), for a
 * layout load and a layer operation alike: loading a layout where one key changed writes one chunk, not the
 * whole buffer. Greedy interval cover over the differing keycodes: each write starts at the first keycode not
 * yet written and covers the next 14 keycodes, which is optimal for fixed-length writes (a 28-byte grid needs
 * twice as many when a change straddles a grid line). Offsets are even: a write never splits a keycode.
 */
export function fewestChunks(
  current: readonly (readonly number[])[],
  next: readonly (readonly number[])[],
): ChunkWrite[] {
  const before = keymapBytes(current);
  const after = keymapBytes(next);
  const writes: ChunkWrite[] = [];
  let offset = 0;
  while (offset < after.length) {
    if (after[offset] === before[offset] && after[offset + 1] === before[offset + 1]) {
      offset += KEYCODE_BYTES;
      continue;
    }
    writes.push({ offset, bytes: after.slice(offset, offset + CHUNK) });
    offset += CHUNK;
  }
  return writes;
}
