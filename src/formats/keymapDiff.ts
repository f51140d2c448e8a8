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

/**
 * The 28-byte chunks of the keymap buffer that differ between `current` and `next` (same shape): loading a
 * layout where one key changed writes one chunk instead of the whole buffer.
 */
export function diffChunks(
  current: readonly (readonly number[])[],
  next: readonly (readonly number[])[],
): ChunkWrite[] {
  const before = keymapBytes(current);
  const after = keymapBytes(next);
  const writes: ChunkWrite[] = [];
  for (let offset = 0; offset < after.length; offset += CHUNK) {
    const bytes = after.slice(offset, offset + CHUNK);
    if (bytes.some((b, i) => b !== before[offset + i])) writes.push({ offset, bytes });
  }
  return writes;
}
