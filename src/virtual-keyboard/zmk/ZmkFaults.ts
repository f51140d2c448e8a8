import type { RequestResponse } from '../../zmk-studio/generated/studio_pb.ts';

/** What a trickling keyboard sends, one byte at a time: bytes outside any frame, or a frame that never ends. */
export type ZmkTrickle = 'noise' | 'frame';

/**
 * Faults to inject into what the virtual ZMK keyboard sends (tests, and the demo of the app's error handling).
 * The link's own faults: `splitEveryByte` sends every frame one byte per chunk; `dropReplies` leaves out the next
 * n replies (the request was handled; only the answer is lost); `garbage` is sent before every frame (use no
 * SoF byte); `notificationBeforeReply` adds an "unsaved changes" notification between each request and its
 * reply; `latencyMs` delays everything.
 *
 * A hostile or broken keyboard's (the hostile-device rig, zmkHostileReplies.ts): `trickle` answers every
 * request with one byte each `trickleMs`, for ever; `silentAfter` handles the requests named and never answers
 * them; `rewrite` changes each reply before it is sent (huge counts and lengths); `unendedFrameBytes` sends,
 * before the next reply, a frame of that many bytes with no end; `notificationFlood` sends that many "unsaved
 * changes" notifications before each reply, in 4 KiB chunks.
 */
export class ZmkFaults {
  splitEveryByte = false;
  dropReplies = 0;
  garbage: Uint8Array | null = null;
  notificationBeforeReply = false;
  latencyMs = 0;
  trickle: ZmkTrickle | null = null;
  trickleMs = 1000;
  silentAfter = new Set<string>();
  rewrite: ((reply: RequestResponse, request: string) => void) | null = null;
  unendedFrameBytes = 0;
  notificationFlood = 0;

  clear(): void {
    this.splitEveryByte = false;
    this.dropReplies = 0;
    this.garbage = null;
    this.notificationBeforeReply = false;
    this.latencyMs = 0;
    this.trickle = null;
    this.silentAfter.clear();
    this.rewrite = null;
    this.unendedFrameBytes = 0;
    this.notificationFlood = 0;
  }
}
