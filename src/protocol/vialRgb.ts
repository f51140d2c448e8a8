/**
 * VialRGB over VIA's lighting commands (docs/vial-protocol.md "VialRGB"): requests laid out and replies read,
 * nothing else. A VialRGB firmware answers VIA's lighting get/set value (0x08/0x07) with its own value ids in
 * byte 1 (0x40 and up, clear of VIA's lighting ids) and its arguments from byte 2; what a command does not
 * write comes back as sent (bytes 0 and 1 always do). Multi-byte fields are little-endian.
 *
 * | request                  | bytes                                  | reply (from byte 2)                          |
 * | ------------------------ | -------------------------------------- | -------------------------------------------- |
 * | get info                 | 08 40                                  | version u16 LE, maximum brightness u8        |
 * | get mode                 | 08 41                                  | effect u16 LE, speed, hue, saturation, value |
 * | get supported            | 08 42 gt(u16 LE)                       | up to 15 effect ids > gt (u16 LE), 0xFFFF pad |
 * | set mode                 | 07 41 effect(u16 LE) speed hue sat val | — (as sent)                                  |
 * | save                     | 09                                     | — (as sent)                                  |
 */

import { CMD, REPORT_LENGTH } from './commands.ts';

/** The VialRGB protocol version this codec speaks (vial-qmk's VIALRGB_PROTOCOL_VERSION; vial-gui refuses others). */
export const VIALRGB_PROTOCOL = 1;

/** VialRGB value ids (byte 1). Get and set share 0x41 for the mode. */
export const VIALRGB = {
  GET_INFO: 0x40,
  GET_MODE: 0x41,
  GET_SUPPORTED: 0x42,
  SET_MODE: 0x41,
} as const;

/** The end marker of a get supported reply (and the largest id a query can name). */
export const VIALRGB_END = 0xffff;
/** Effect ids in one get supported reply: the 30 bytes after the two echoed ones. */
export const SUPPORTED_PER_REPLY = (REPORT_LENGTH - 2) / 2;

/** What the firmware is and can do: read once per keyboard. */
export interface VialRgbInfo {
  version: number;
  /** RGB_MATRIX_MAXIMUM_BRIGHTNESS: the firmware clamps the value (brightness) to it. */
  maxBrightness: number;
}

/** The lighting as the firmware holds it in RAM: a VialRGB effect id, then QMK's 0–255 speed and HSV. */
export interface VialRgbMode {
  effect: number;
  speed: number;
  hue: number;
  saturation: number;
  brightness: number;
}

const le16 = (b: ArrayLike<number>, at: number) => ((b[at] ?? 0) | ((b[at + 1] ?? 0) << 8)) & 0xffff;
const byte = (n: number) => Math.min(255, Math.max(0, Math.round(n))) & 0xff;

export const infoRequest = (): number[] => [CMD.CUSTOM_GET_VALUE, VIALRGB.GET_INFO];
export const modeRequest = (): number[] => [CMD.CUSTOM_GET_VALUE, VIALRGB.GET_MODE];
/** Asks for the supported effect ids greater than `after`, in the firmware's (ascending) order. */
export const supportedRequest = (after: number): number[] => [
  CMD.CUSTOM_GET_VALUE,
  VIALRGB.GET_SUPPORTED,
  after & 0xff,
  (after >> 8) & 0xff,
];
/** Sets effect, speed and colour in one request (RAM only: `saveRequest` stores it). */
export const setModeRequest = (m: VialRgbMode): number[] => [
  CMD.CUSTOM_SET_VALUE,
  VIALRGB.SET_MODE,
  m.effect & 0xff,
  (m.effect >> 8) & 0xff,
  byte(m.speed),
  byte(m.hue),
  byte(m.saturation),
  byte(m.brightness),
];
/** VIA's lighting save (0x09), which a VialRGB firmware turns into "store the RGB matrix config in EEPROM". */
export const saveRequest = (): number[] => [CMD.CUSTOM_SAVE];

/** Whether a reply answers `request`: its bytes 0 and 1 (those it has) come back as sent. */
export const answers = (request: readonly number[], reply: ArrayLike<number>): boolean =>
  request.slice(0, 2).every((b, i) => reply[i] === b);

export function readInfo(reply: ArrayLike<number>): VialRgbInfo {
  return { version: le16(reply, 2), maxBrightness: reply[4] ?? 0 };
}

export function readMode(reply: ArrayLike<number>): VialRgbMode {
  return {
    effect: le16(reply, 2),
    speed: reply[4] ?? 0,
    hue: reply[5] ?? 0,
    saturation: reply[6] ?? 0,
    brightness: reply[7] ?? 0,
  };
}

/**
 * The effect ids of one get supported reply: those above `after`, up to the first 0xFFFF. `done` when the
 * reply had room left (a 0xFFFF slot): a full reply means the client has to ask again from its last id.
 */
export function readSupported(reply: ArrayLike<number>, after: number): { ids: number[]; done: boolean } {
  const ids: number[] = [];
  for (let i = 0; i < SUPPORTED_PER_REPLY; i++) {
    const id = le16(reply, 2 + i * 2);
    if (id === VIALRGB_END) return { ids, done: true };
    if (id > after && (ids.length === 0 || id > ids[ids.length - 1]!)) ids.push(id);
  }
  return { ids, done: false };
}
