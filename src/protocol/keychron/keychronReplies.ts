import type { KeychronFeatures, Hsv, KeychronEffect, SnapClickPair } from '../../qmk/keychronSettings.ts';
import {
  KC_FEATURE_DYNAMIC_DEBOUNCE,
  KC_FEATURE_KEYCHRON_RGB,
  KC_FEATURE_NKRO,
  KC_FEATURE_SNAP_CLICK,
  KC_GET_PROTOCOL_VERSION,
  KC_KEYCHRON_RGB,
  KC_MISC_CMD_GROUP,
  KC_DFU_INFO_CHIP,
  KC_DFU_INFO_TYPE,
  KC_MISC_FEATURE_DEBOUNCE,
  KC_MISC_FEATURE_LANGUAGE,
  KC_MISC_FEATURE_NKRO,
  KC_MISC_FEATURE_REPORT_RATE,
  KC_MISC_FEATURE_SNAP_CLICK,
  KC_EFFECT_ENTRY_SIZE,
  KC_FAIL,
  KC_UNHANDLED,
} from './keychronIds.ts';

/**
 * Keychron replies read and checked (docs/keychron-protocol.md). The firmware answers in the buffer it received:
 * byte 0 (and byte 1, the sub-command, of 0xA7/0xA8) come back as sent, 0xA7/0xA8 write a status at byte 2
 * (0 ok, 1 failed) and their data from byte 3; a sub-command the board does not have answers 0xFF at byte 0.
 * `checkReply` sorts a reply into those cases; the readers only read bytes (the service bounds what they give).
 */

/** Why a Keychron request did not do what it asked. */
export type KeychronFailure = 'unbuilt' | 'refused' | 'garbled';

export class KeychronError extends Error {
  constructor(
    message: string,
    readonly kind: KeychronFailure,
  ) {
    super(message);
    this.name = 'KeychronError';
  }
}

const hex = (n: number) => n.toString(16).padStart(2, '0').toUpperCase();
const name = (request: readonly number[]) => request.slice(0, 2).map(hex).join(' ');

/** Whether `reply` is the firmware's answer to `request` (its echo, or its "not built" 0xFF). */
export function answers(request: readonly number[], reply: ArrayLike<number>): boolean {
  if (reply[0] === KC_UNHANDLED) return true;
  const grouped = request[0] === KC_MISC_CMD_GROUP || request[0] === KC_KEYCHRON_RGB;
  return reply[0] === request[0] && (!grouped || reply[1] === request[1]);
}

/**
 * Throws a KeychronError unless `reply` answers `request` with success: 'unbuilt' for 0xFF (the board lacks
 * the command), 'refused' for status 1 (nothing changed), 'garbled' for a reply to something else.
 */
export function checkReply(request: readonly number[], reply: ArrayLike<number>): void {
  if (reply[0] === KC_UNHANDLED)
    throw new KeychronError(`The keyboard does not have Keychron command ${name(request)}`, 'unbuilt');
  if (!answers(request, reply))
    throw new KeychronError(
      `The keyboard answered ${name([...Array.from(reply)])} to ${name(request)}`,
      'garbled',
    );
  const grouped = request[0] === KC_MISC_CMD_GROUP || request[0] === KC_KEYCHRON_RGB;
  if (grouped && reply[2] === KC_FAIL)
    throw new KeychronError(`The keyboard refused Keychron command ${name(request)}`, 'refused');
}

const at = (r: ArrayLike<number>, i: number) => r[i] ?? 0;

/** 0xA0: the Keychron protocol version, or null when the board is not Keychron (0xFF, or not an echo). */
export function readProtocol(reply: ArrayLike<number>): number | null {
  return reply[0] === KC_GET_PROTOCOL_VERSION && at(reply, 1) > 0 ? at(reply, 1) : null;
}

/** 0xA1: printable ASCII from byte 1 up to the NUL, e.g. `v2.2.0 2025-12-01-16:59:02`. */
export function readFirmwareVersion(reply: ArrayLike<number>): string {
  let text = '';
  for (let i = 1; i < reply.length && reply[i] !== 0; i++) {
    const c = reply[i]!;
    text += c >= 0x20 && c < 0x7f ? String.fromCharCode(c) : '?';
  }
  return text.trim();
}

/** 0xA2 (`[A2, 0, f0, f1]`) and, when the misc group answered, 0xA7 0x01 (`[A7, 01, 0, ver lo, ver hi, flags]`). */
export function readFeatures(features: ArrayLike<number>, misc: ArrayLike<number> | null): KeychronFeatures {
  const f0 = at(features, 2);
  const f1 = at(features, 3);
  const flags = misc ? at(misc, 5) : 0;
  return {
    rgb: !!(f0 & KC_FEATURE_KEYCHRON_RGB),
    snapClick: !!(f0 & KC_FEATURE_SNAP_CLICK) && !!(flags & KC_MISC_FEATURE_SNAP_CLICK),
    debounce: !!(f0 & KC_FEATURE_DYNAMIC_DEBOUNCE) || !!(flags & KC_MISC_FEATURE_DEBOUNCE),
    reportRate: !!(flags & KC_MISC_FEATURE_REPORT_RATE),
    nkro: !!(f1 & KC_FEATURE_NKRO) && !!(flags & KC_MISC_FEATURE_NKRO),
    language: !!(flags & KC_MISC_FEATURE_LANGUAGE),
  };
}

export const readByte3 = (reply: ArrayLike<number>) => at(reply, 3);

/** The longest chip name taken from a DFU info reply (QMK_MCU names are 7 to 12 characters). */
const MAX_CHIP_NAME = 20;

/**
 * 0xA7 0x02 (DFU info): tagged records from byte 3, `[tag, length, bytes…]`: 1 the chip (QMK_MCU, ASCII), 2 the
 * bootloader type (1 STM32 DFU, 2 WB32 DFU, 0 other). Records that run past the report, a name that is not
 * printable ASCII or longer than MAX_CHIP_NAME, are left out (null).
 */
export function readDfuInfo(reply: ArrayLike<number>): { chip: string | null; type: number | null } {
  let chip: string | null = null;
  let type: number | null = null;
  for (let i = 3; i + 1 < reply.length;) {
    const tag = at(reply, i);
    const length = at(reply, i + 1);
    if ((tag !== KC_DFU_INFO_CHIP && tag !== KC_DFU_INFO_TYPE) || i + 2 + length > reply.length) break;
    const bytes = Array.from({ length }, (_, k) => at(reply, i + 2 + k));
    if (tag === KC_DFU_INFO_TYPE && length === 1) type = bytes[0]!;
    if (
      tag === KC_DFU_INFO_CHIP &&
      length > 0 &&
      length <= MAX_CHIP_NAME &&
      bytes.every((b) => b > 0x20 && b < 0x7f)
    )
      chip = String.fromCharCode(...bytes);
    i += 2 + length;
  }
  return { chip, type };
}
/** 0xA7 0x05: `[A7, 05, 0, 0, type, ms]`. */
export const readDebounce = (reply: ArrayLike<number>) => ({ type: at(reply, 4), ms: at(reply, 5) });
/** 0xA7 0x0D: `[A7, 0D, 0, divider, supported mask]`. */
export const readReportRate = (reply: ArrayLike<number>) => ({
  divider: at(reply, 3),
  supported: at(reply, 4),
});

/** 0xA7 0x08: `count` × `[type, key1, key2]` from byte 3. */
export function readSnapClick(reply: ArrayLike<number>, count: number): SnapClickPair[] {
  return Array.from({ length: count }, (_, i) => ({
    type: at(reply, 3 + i * 3),
    key1: at(reply, 4 + i * 3),
    key2: at(reply, 5 + i * 3),
  }));
}

/** 0xA8 0x03: `[A8, 03, 0, supported, disable, h, s, v]`. */
export function readOsIndicator(reply: ArrayLike<number>): {
  supported: number;
  disable: number;
  color: Hsv;
} {
  return {
    supported: at(reply, 3),
    disable: at(reply, 4),
    color: [at(reply, 5), at(reply, 6), at(reply, 7)],
  };
}

/** 0xA8 0x06: the LED index of each of `cols` columns from byte 3; null where the firmware says none (0xFF). */
export function readLedMap(reply: ArrayLike<number>, cols: number): (number | null)[] {
  return Array.from({ length: cols }, (_, c) => (at(reply, 3 + c) === 0xff ? null : at(reply, 3 + c)));
}

/** 0xA8 0x09: `count` × `[h, s, v]` from byte 3. */
export function readColors(reply: ArrayLike<number>, count: number): Hsv[] {
  return Array.from({ length: count }, (_, i) => [
    at(reply, 3 + i * 3),
    at(reply, 4 + i * 3),
    at(reply, 5 + i * 3),
  ]);
}

/** 0xA8 0x0B: `[A8, 0B, 0, regions, effects per region]`. */
export const readMixedInfo = (reply: ArrayLike<number>) => ({
  regions: at(reply, 3),
  effectsPerRegion: at(reply, 4),
});

/** 0xA8 0x0C: one region number per LED from byte 3. */
export const readRegions = (reply: ArrayLike<number>, count: number): number[] =>
  Array.from({ length: count }, (_, i) => at(reply, 3 + i));

/** 0xA8 0x0E: `count` × `[effect, hue, sat, speed, time u32 LE]` from byte 3. */
export function readEffects(reply: ArrayLike<number>, count: number): KeychronEffect[] {
  return Array.from({ length: count }, (_, i) => {
    const o = 3 + i * KC_EFFECT_ENTRY_SIZE;
    return {
      effect: at(reply, o),
      hue: at(reply, o + 1),
      sat: at(reply, o + 2),
      speed: at(reply, o + 3),
      timeMs:
        (at(reply, o + 4) | (at(reply, o + 5) << 8) | (at(reply, o + 6) << 16) | (at(reply, o + 7) << 24)) >>>
        0,
    };
  });
}
