/** 0xA0: `[A0, protocol, 0, qmk command set]` (re-exported by keychronIds.ts with the other ids). */
export const KC_GET_PROTOCOL_VERSION = 0xa0;
/** Byte 0 of every reply the firmware does not handle (VIA's unhandled id; also unknown 0xA7/0xA8 sub-commands). */
export const KC_UNHANDLED = 0xff;

/** How long the 0xA0 question waits: a plain VIA board answers 0xFF at once; one that stays silent costs this. */
export const KEYCHRON_PROBE_TIMEOUT_MS = 150;

interface ProbeLink {
  requestRaw(
    bytes: readonly number[],
    accept?: (reply: Uint8Array) => boolean,
    tries?: number,
    timeoutMs?: number,
  ): Promise<Uint8Array>;
}

/**
 * Asks 0xA0 once with a short timeout and answers the Keychron protocol version, or null for a plain VIA board
 * (0xFF, silence, anything else). Never throws. It stays this small because every VIA load runs it: the
 * Keychron code loads only after a yes.
 */
export async function probeKeychron(link: ProbeLink): Promise<number | null> {
  try {
    const reply = await link.requestRaw(
      [KC_GET_PROTOCOL_VERSION],
      (r) => r[0] === KC_GET_PROTOCOL_VERSION || r[0] === KC_UNHANDLED,
      1,
      KEYCHRON_PROBE_TIMEOUT_MS,
    );
    return reply[0] === KC_GET_PROTOCOL_VERSION && reply[1]! > 0 ? reply[1]! : null;
  } catch {
    return null;
  }
}
