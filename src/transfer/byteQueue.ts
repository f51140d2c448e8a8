/**
 * Bytes that arrive in chunks of any size and leave from the front in frames: one growing `Uint8Array`, so a
 * chunk is one copy whatever its size (`array.push(...chunk)` overflowed the call stack at 200,000 bytes) and
 * taking a frame never shifts the bytes behind it (`array.splice(0, 64)` made a long stream quadratic).
 */
export class ByteQueue {
  private data: Uint8Array;
  private start = 0;
  private end = 0;

  constructor(capacity = 256) {
    this.data = new Uint8Array(capacity);
  }

  /** Bytes waiting. */
  get length(): number {
    return this.end - this.start;
  }

  /** Adds `bytes` at the back (copied). */
  push(bytes: Uint8Array): void {
    if (this.end + bytes.length > this.data.length) {
      const waiting = this.data.subarray(this.start, this.end);
      const needed = waiting.length + bytes.length;
      if (needed > this.data.length) {
        const grown = new Uint8Array(Math.max(needed, this.data.length * 2));
        grown.set(waiting);
        this.data = grown;
      } else this.data.copyWithin(0, this.start, this.end);
      this.end = waiting.length;
      this.start = 0;
    }
    this.data.set(bytes, this.end);
    this.end += bytes.length;
  }

  /** Removes and returns the first `count` bytes (fewer when fewer are waiting). */
  take(count: number): Uint8Array {
    const out = this.data.slice(this.start, Math.min(this.end, this.start + count));
    this.start += out.length;
    if (this.start === this.end) this.clear();
    return out;
  }

  /** Drops everything waiting. */
  clear(): void {
    this.start = 0;
    this.end = 0;
  }
}
