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
  KC_GET_DEFAULT_LAYER,
  KC_MISC_FACTORY_RESET,
  KC_MISC_REPORT_RATE_GET,
  KC_MISC_DEBOUNCE_SET,
  KC_MISC_LANGUAGE_SET,
  KC_MISC_NKRO_SET,
  KC_MISC_REPORT_RATE_SET,
  KC_MISC_SNAP_CLICK_SET,
  KC_RGB_MIXED_SET_EFFECT_LIST,
  KC_RGB_MIXED_SET_REGIONS,
  KC_RGB_PER_KEY_SET_COLOR,
  KC_RGB_PER_KEY_SET_TYPE,
  KC_RGB_SET_INDICATORS_CONFIG,
  KC_EFFECT_ENTRY_SIZE,
  KC_FAIL,
  KC_UNHANDLED,
} from './keychronIds.ts';
import { KC_REPORT_RATE_DIVIDER_MAX } from '../../qmk/keychronValues.ts';

/**
 * Keychron replies read and checked (docs/keychron-protocol.md). The firmware answers in the buffer it received:
 * byte 0 (and byte 1, the sub-command, of 0xA7/0xA8) come back as sent, 0xA7/0xA8 write a status at byte 2
 * (0 ok, 1 failed) and their data from byte 3; a sub-command the board does not have answers 0xFF at byte 0.
 * `checkReply` sorts a reply into those cases; the readers only read bytes (the service bounds what they give).
 */

/** Why a Keychron request did not do what it asked. */
export type KeychronFailure = 'unbuilt' | 'refused' | 'garbled' | 'silent' | 'tooMany';

/**
 * A Keychron request that failed. `command` names it (`A8 0A`), so the app can word the failure in the user's
 * language; the English message is for logs and tests.
 */
export class KeychronError extends Error {
  readonly command: string;
  constructor(
    message: string,
    readonly kind: KeychronFailure,
    command = '',
  ) {
    super(message);
    this.name = 'KeychronError';
    this.command = command;
  }
}

const hex = (n: number) => n.toString(16).padStart(2, '0').toUpperCase();
/** A request's name as the protocol document writes it: `A7 09`, `A8 0A`, `A1`. */
export const commandName = (request: readonly number[]) =>
  request
    .slice(0, request[0] === KC_MISC_CMD_GROUP || request[0] === KC_KEYCHRON_RGB ? 2 : 1)
    .map(hex)
    .join(' ');
const name = commandName;

/**
 * The sub-commands that write: the firmware reads their parameters and writes only the status (byte 2), so a
 * reply from the board that heard this request echoes every byte from 3 on. Reads overwrite those bytes.
 */
const WRITES: Record<number, readonly number[]> = {
  [KC_MISC_CMD_GROUP]: [
    KC_MISC_LANGUAGE_SET,
    KC_MISC_DEBOUNCE_SET,
    KC_MISC_SNAP_CLICK_SET,
    KC_MISC_REPORT_RATE_SET,
    KC_MISC_NKRO_SET,
  ],
  [KC_KEYCHRON_RGB]: [
    KC_RGB_SET_INDICATORS_CONFIG,
    KC_RGB_PER_KEY_SET_TYPE,
    KC_RGB_PER_KEY_SET_COLOR,
    KC_RGB_MIXED_SET_REGIONS,
    KC_RGB_MIXED_SET_EFFECT_LIST,
  ],
};
const isWrite = (request: readonly number[]) => !!WRITES[request[0]!]?.includes(request[1]!);

/** Whether `reply` is the firmware's answer to `request` (its echo, or its "not built" 0xFF). */
export function answers(request: readonly number[], reply: ArrayLike<number>): boolean {
  if (reply.length < 32) return false;
  if (reply[0] === KC_UNHANDLED) return true;
  const grouped = request[0] === KC_MISC_CMD_GROUP || request[0] === KC_KEYCHRON_RGB;
  if (reply[0] !== request[0] || (grouped && reply[1] !== request[1])) return false;
  // A write's reply must echo what was written: a reply to another write (or a stale one) is not its answer.
  return !isWrite(request) || request.every((b, i) => i < 3 || reply[i] === b);
}

/**
 * Throws a KeychronError unless `reply` answers `request` with success: 'unbuilt' for 0xFF (the board lacks
 * the command), 'refused' for status 1 (nothing changed), 'garbled' for a reply to something else.
 */
export function checkReply(request: readonly number[], reply: ArrayLike<number>): void {
  if (reply[0] === KC_UNHANDLED)
    throw new KeychronError(
      `The keyboard does not have Keychron command ${name(request)}`,
      'unbuilt',
      name(request),
    );
  if (!answers(request, reply))
    throw new KeychronError(
      `The keyboard answered ${name([...Array.from(reply)])} to ${name(request)}`,
      'garbled',
      name(request),
    );
  const grouped = request[0] === KC_MISC_CMD_GROUP || request[0] === KC_KEYCHRON_RGB;
  // Status is 0 or 1; anything else is not Keychron's firmware answering.
  if (grouped && reply[2] === KC_FAIL)
    throw new KeychronError(
      `The keyboard refused Keychron command ${name(request)}`,
      'refused',
      name(request),
    );
  if (grouped && reply[2] !== 0)
    throw new KeychronError(
      `The keyboard answered Keychron command ${name(request)} with status ${reply[2]}`,
      'garbled',
      name(request),
    );
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

/** 0xA3's answer (`[A3, default layer]`), or null when byte 1 is no layer (QMK has at most 32). */
export function readDefaultLayer(reply: ArrayLike<number>): number | null {
  const layer = at(reply, 1);
  return reply[0] === KC_GET_DEFAULT_LAYER && layer < 32 ? layer : null;
}

/** What a Keychron board reports unasked (state notify, feature flag 0x10). */
export type KeychronNotice =
  | { kind: 'defaultLayer'; layer: number }
  | { kind: 'reportRate'; divider: number }
  | { kind: 'factoryReset' };

/**
 * An unsolicited report read as Keychron's state notify, or null when it is not one. The firmware sends them
 * zero-padded (not echoes): `[A3, layer]` when the default layer changes (the Mac/Windows switch),
 * `[A7, 0D, 00, divider, 7F]` after the keyboard's report-rate combination, `[A7, 11]` after a factory reset.
 */
export function readStateNotify(report: ArrayLike<number>): KeychronNotice | null {
  const zeroFrom = (i: number) =>
    Array.from(report)
      .slice(i)
      .every((b) => b === 0);
  if (report.length < 32) return null;
  const layer = readDefaultLayer(report);
  if (layer !== null && zeroFrom(2)) return { kind: 'defaultLayer', layer };
  if (report[0] !== KC_MISC_CMD_GROUP) return null;
  if (
    report[1] === KC_MISC_REPORT_RATE_GET &&
    report[2] === 0 &&
    report[3]! <= KC_REPORT_RATE_DIVIDER_MAX &&
    zeroFrom(5)
  )
    return { kind: 'reportRate', divider: report[3]! };
  if (report[1] === KC_MISC_FACTORY_RESET && zeroFrom(2)) return { kind: 'factoryReset' };
  return null;
}
