/**
 * The part of Vial's codec (protocol/vial.ts, docs/vial-protocol.md) the first screen needs: telling a Vial
 * keyboard apart. Re-exported by vial.ts, as are encoderMap.ts and bootKeycode.ts.
 */

export const VIAL_PREFIX = 0xfe;

/** The "get keyboard id" command (VIAL.GET_KEYBOARD_ID in vial.ts, which holds every command id). */
export const VIAL_GET_KEYBOARD_ID = 0x00;

/** Little-endian u16 at `at` (Vial's multi-byte fields). */
export const le16 = (bytes: ArrayLike<number>, at: number) =>
  ((bytes[at] ?? 0) | ((bytes[at + 1] ?? 0) << 8)) >>> 0;

/** A Vial request: prefix, command id, arguments (the transport pads it to 32 bytes). */
export function vialRequest(command: number, ...args: number[]): number[] {
  return [VIAL_PREFIX, command, ...args];
}

export interface VialKeyboardId {
  /** Vial protocol version. */
  protocol: number;
  /** The keyboard's 8-byte UID as hex, high byte first (as vial-gui prints it). */
  uid: string;
  vialRgb: boolean;
}

/** Reads the "get keyboard id" reply: version u32 LE, UID 8 bytes (little-endian number), flags. */
export function readKeyboardId(reply: ArrayLike<number>): VialKeyboardId {
  const protocol = (le16(reply, 0) | (le16(reply, 2) << 16)) >>> 0;
  const uid = Array.from({ length: 8 }, (_, i) => (reply[11 - i] ?? 0).toString(16).padStart(2, '0')).join(
    '',
  );
  return { protocol, uid, vialRgb: ((reply[12] ?? 0) & 1) === 1 };
}

/**
 * Whether a reply to "get keyboard id" comes from Vial firmware. vial-qmk clears the whole reply before filling
 * bytes 0–12 (version u32 LE, UID, flags), so the rest is zero; a VIA keyboard answers 0xFF (`id_unhandled`)
 * and echoes the rest; other firmware may echo the request (0xFE in byte 0).
 */
export function isVialKeyboardIdReply(reply: ArrayLike<number>): boolean {
  if (reply.length < 32) return false;
  const version = (le16(reply, 0) | (le16(reply, 2) << 16)) >>> 0;
  // 0xFF is VIA's "unhandled" and 0xFE an echoed request, never a Vial version.
  if (version >= 0xfe) return false;
  for (let i = 13; i < 32; i++) if (reply[i] !== 0) return false;
  return ((reply[12] ?? 0) & 0xfe) === 0;
}
