import {
  KC_FACTORY_CHECKSUM_FIRST,
  KC_FACTORY_CHECKSUM_LAST,
  KC_FACTORY_CHECKSUM_OFFSET,
  KC_FACTORY_GET_BUILD_TIME,
  KC_FACTORY_TEST,
  KC_FEATURE_DEFAULT_LAYER,
  KC_FEATURE_DYNAMIC_DEBOUNCE,
  KC_FEATURE_KEYCHRON_RGB,
  KC_FEATURE_NKRO,
  KC_FEATURE_QUICK_START,
  KC_FEATURE_SNAP_CLICK,
  KC_FEATURE_STATE_NOTIFY,
  KC_GET_DEFAULT_LAYER,
  KC_GET_FIRMWARE_VERSION,
  KC_GET_PROTOCOL_VERSION,
  KC_GET_SUPPORT_FEATURE,
  KC_PROTOCOL_VERSION,
  KC_QMK_COMMAND_SET,
} from '../../protocol/keychron/keychronIds.ts';
import { REPORT_LENGTH } from '../../protocol/commands.ts';

/**
 * `v<M>.<m>.<p>` from DEVICE_VER as Keychron's firmware spells it: the top nibble only when non-zero, one
 * lower-case hex digit per nibble. The factory test's copy repeats the minor digit as the patch (`patchNibble`).
 */
export function versionText(deviceVersion: number, patchNibble = deviceVersion & 0xf): string {
  const hex = (n: number) => n.toString(16);
  const major = deviceVersion & 0xf000 ? hex(deviceVersion >> 12) : '';
  return `v${major}${hex((deviceVersion >> 8) & 0xf)}.${hex((deviceVersion >> 4) & 0xf)}.${hex(patchNibble)}`;
}

/** ASCII bytes of `text` and a NUL. */
function cString(text: string): number[] {
  return [...text].map((c) => c.charCodeAt(0) & 0xff).concat(0);
}

/** Facts 0xA0-0xA3 report; the rest of the board state does not matter to them. */
export interface InfoFacts {
  deviceVersion: number;
  buildDate: string;
  defaultLayer: number;
}

/**
 * 0xA0-0xA3, answered in place. 0xA1 writes bytes 1.. with `v1.1.0 2025-12-01-16:59:02` and its NUL; 0xA2 writes
 * byte 1 = 0 and the two feature bytes (the same on both boards: 0xF1, 0x03).
 */
export function infoCommand(facts: InfoFacts, data: Uint8Array): void {
  switch (data[0]) {
    case KC_GET_PROTOCOL_VERSION:
      data.set([KC_PROTOCOL_VERSION, 0, KC_QMK_COMMAND_SET], 1);
      return;
    case KC_GET_FIRMWARE_VERSION:
      data.set(cString(`${versionText(facts.deviceVersion)} ${facts.buildDate}`).slice(0, 31), 1);
      return;
    case KC_GET_SUPPORT_FEATURE:
      data.set(
        [
          0,
          KC_FEATURE_DEFAULT_LAYER |
            KC_FEATURE_STATE_NOTIFY |
            KC_FEATURE_DYNAMIC_DEBOUNCE |
            KC_FEATURE_SNAP_CLICK |
            KC_FEATURE_KEYCHRON_RGB,
          KC_FEATURE_QUICK_START | KC_FEATURE_NKRO,
        ],
        1,
      );
      return;
    case KC_GET_DEFAULT_LAYER:
      data[1] = facts.defaultLayer;
      return;
  }
}

/** The factory-test checksum: a 16-bit sum of bytes 1-28. */
function factorySum(data: Uint8Array): number {
  let sum = 0;
  for (let i = KC_FACTORY_CHECKSUM_FIRST; i <= KC_FACTORY_CHECKSUM_LAST; i++) sum += data[i]!;
  return sum & 0xffff;
}

/**
 * 0xAB on a wired board: null (no reply) unless the checksum holds and the sub-command is 0x08 (build time),
 * which answers in a new zeroed report `[AB, 08, "v…" date NUL, …, sum lo, sum hi]`. The firmware prints the
 * minor digit as the patch there (1.1.0 reads `v1.1.1`). Backlight test, OS-switch reporting and the (disabled)
 * bootloader jump answer nothing; the device id (0x09) is the chip's UID and is not modelled (no reply).
 */
export function factoryTest(facts: InfoFacts, data: Uint8Array): Uint8Array | null {
  const sum = factorySum(data);
  const at = KC_FACTORY_CHECKSUM_OFFSET;
  if ((sum & 0xff) !== data[at] || sum >> 8 !== data[at + 1]) return null;
  if (data[1] !== KC_FACTORY_GET_BUILD_TIME) return null;
  const reply = new Uint8Array(REPORT_LENGTH);
  const version = versionText(facts.deviceVersion, (facts.deviceVersion >> 4) & 0xf);
  const payload = [KC_FACTORY_GET_BUILD_TIME, ...cString(`${version} ${facts.buildDate}`)];
  reply[0] = KC_FACTORY_TEST;
  reply.set(payload.slice(0, KC_FACTORY_CHECKSUM_LAST), 1);
  const replySum = factorySum(reply);
  reply[at] = replySum & 0xff;
  reply[at + 1] = replySum >> 8;
  return reply;
}

/** `2025-12-01-16:59:02`: QMK_BUILDDATE as a Keychron build holds it beside its version (`v2.2.0 …`). */
const BUILD_DATE = /v\d+\.\d+\.\d+ (\d{4}-\d\d-\d\d-\d\d:\d\d:\d\d)/;

/** The build date a firmware image names after its version string, or null (not a Keychron build). */
export function buildDateIn(flash: Uint8Array): string | null {
  // Latin-1 keeps one character per byte, so the match is found wherever it sits.
  let text = '';
  for (let at = 0; at < flash.length; at += 0x8000)
    text += String.fromCharCode(...flash.subarray(at, Math.min(flash.length, at + 0x8000)));
  return BUILD_DATE.exec(text)?.[1] ?? null;
}
