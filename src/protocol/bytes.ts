/** Big-endian helpers for reply bytes; VIA puts every multi-byte value high byte first. */
export function u16(bytes: ArrayLike<number>, at: number): number {
  return ((bytes[at] ?? 0) << 8) | (bytes[at + 1] ?? 0);
}

export function u32(bytes: ArrayLike<number>, at: number): number {
  return (
    (((bytes[at] ?? 0) << 24) |
      ((bytes[at + 1] ?? 0) << 16) |
      ((bytes[at + 2] ?? 0) << 8) |
      (bytes[at + 3] ?? 0)) >>>
    0
  );
}

export function hi(value: number): number {
  return (value >> 8) & 0xff;
}

export function lo(value: number): number {
  return value & 0xff;
}

export function u32Bytes(value: number): number[] {
  return [(value >>> 24) & 0xff, (value >>> 16) & 0xff, (value >>> 8) & 0xff, value & 0xff];
}

/** Splits `length` bytes from `start` into requests of at most `chunk` bytes: [offset, size] pairs. */
export function chunks(start: number, length: number, chunk: number): [number, number][] {
  const out: [number, number][] = [];
  for (let offset = 0; offset < length; offset += chunk)
    out.push([start + offset, Math.min(chunk, length - offset)]);
  return out;
}
