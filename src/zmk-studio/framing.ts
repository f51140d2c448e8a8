import { ZMK_MAX_FRAME_BYTES } from '../zmk/limits.ts';

/**
 * ZMK Studio's message framing (docs/zmk-studio-protocol.md "Framing"): a frame is SoF, the payload with every
 * special byte preceded by Esc, then EoF. No length, no checksum.
 */
export const FRAME_SOF = 0xab;
export const FRAME_ESC = 0xac;
export const FRAME_EOF = 0xad;

function special(byte: number): boolean {
  return byte === FRAME_SOF || byte === FRAME_ESC || byte === FRAME_EOF;
}

/** One frame around `payload`: SoF, the payload escaped, EoF. */
export function encodeFrame(payload: Uint8Array): Uint8Array {
  let escapes = 0;
  for (const byte of payload) if (special(byte)) escapes++;
  const out = new Uint8Array(payload.length + escapes + 2);
  let at = 0;
  out[at++] = FRAME_SOF;
  for (const byte of payload) {
    if (special(byte)) out[at++] = FRAME_ESC;
    out[at++] = byte;
  }
  out[at] = FRAME_EOF;
  return out;
}

/**
 * Reassembles frames from bytes in chunks of any size. Bytes outside a frame (line noise, a log line, the tail
 * of a frame whose start was lost) are dropped and counted in `droppedBytes`. A SoF always starts a new frame:
 * a frame cut short by a new SoF is dropped (counted in `droppedFrames`), so one lost EoF costs one frame, not
 * the rest of the session. Escaped bytes are taken as data whatever they are. A frame longer than
 * `maxPayload` bytes (longer than any reply a ZMK keyboard can send, limits.ts) is dropped as soon as it is
 * too long — its bytes are not kept — and counted in `oversizedFrames`: memory stays bounded by `maxPayload`
 * whatever arrives.
 */
export class FrameDecoder {
  private buffer = new Uint8Array(256);
  private length = 0;
  /** In a frame (collecting), skipping the rest of an oversized one, or between frames. */
  private state: 'idle' | 'frame' | 'oversized' = 'idle';
  private escaped = false;
  droppedBytes = 0;
  droppedFrames = 0;
  oversizedFrames = 0;

  constructor(readonly maxPayload: number = ZMK_MAX_FRAME_BYTES) {}

  /** The payloads of the frames that `chunk` completes, in order. */
  push(chunk: Uint8Array): Uint8Array[] {
    const frames: Uint8Array[] = [];
    for (const byte of chunk) {
      if (this.state === 'idle') {
        if (byte === FRAME_SOF) this.start();
        else this.droppedBytes++;
      } else if (this.escaped) {
        this.escaped = false;
        this.add(byte);
      } else if (byte === FRAME_ESC) {
        this.escaped = true;
      } else if (byte === FRAME_EOF) {
        if (this.state === 'frame') frames.push(this.buffer.slice(0, this.length));
        this.state = 'idle';
      } else if (byte === FRAME_SOF) {
        if (this.state === 'frame') {
          this.droppedFrames++;
          this.droppedBytes += this.length + 1;
        }
        this.start();
      } else {
        this.add(byte);
      }
    }
    return frames;
  }

  /** True while a frame has started and not ended (a reply still arriving). */
  get inFrame(): boolean {
    return this.state !== 'idle';
  }

  /** Bytes held for the frame being received (never more than `maxPayload`). */
  get bufferedBytes(): number {
    return this.length;
  }

  /** Forgets a partial frame (after a reconnect). */
  reset(): void {
    this.state = 'idle';
    this.escaped = false;
    this.length = 0;
  }

  private start(): void {
    this.state = 'frame';
    this.escaped = false;
    this.length = 0;
  }

  private add(byte: number): void {
    if (this.state === 'oversized') {
      this.droppedBytes++;
      return;
    }
    if (this.length >= this.maxPayload) {
      this.state = 'oversized';
      this.oversizedFrames++;
      this.droppedBytes += this.length + 1;
      this.length = 0;
      if (this.buffer.length > 256) this.buffer = new Uint8Array(256);
      return;
    }
    if (this.length === this.buffer.length) {
      const grown = new Uint8Array(Math.min(this.buffer.length * 2, this.maxPayload));
      grown.set(this.buffer);
      this.buffer = grown;
    }
    this.buffer[this.length++] = byte;
  }
}
