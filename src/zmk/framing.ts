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
 * the rest of the session. Escaped bytes are taken as data whatever they are.
 */
export class FrameDecoder {
  private payload: number[] | null = null;
  private escaped = false;
  droppedBytes = 0;
  droppedFrames = 0;

  /** The payloads of the frames that `chunk` completes, in order. */
  push(chunk: Uint8Array): Uint8Array[] {
    const frames: Uint8Array[] = [];
    for (const byte of chunk) {
      const payload = this.payload;
      if (payload === null) {
        if (byte === FRAME_SOF) this.payload = [];
        else this.droppedBytes++;
      } else if (this.escaped) {
        payload.push(byte);
        this.escaped = false;
      } else if (byte === FRAME_ESC) {
        this.escaped = true;
      } else if (byte === FRAME_EOF) {
        frames.push(Uint8Array.from(payload));
        this.payload = null;
      } else if (byte === FRAME_SOF) {
        this.droppedFrames++;
        this.droppedBytes += payload.length + 1;
        this.payload = [];
      } else {
        payload.push(byte);
      }
    }
    return frames;
  }

  /** True while a frame has started and not ended (a reply still arriving). */
  get inFrame(): boolean {
    return this.payload !== null;
  }

  /** Forgets a partial frame (after a reconnect). */
  reset(): void {
    this.payload = null;
    this.escaped = false;
  }
}
