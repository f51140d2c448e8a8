/**
 * Vial's commands over the VIA raw-HID report (docs/vial-protocol.md): requests laid out and replies read,
 * nothing else. Every request starts with the Vial prefix 0xFE and the command id; replies do not echo the
 * request, so a client checks them by shape. Multi-byte fields are little-endian except encoder keycodes.
 */

// The part the first screen needs (the Vial question, encoders, keycode and macro numbering) lives in
// vialBasics.ts, so the rest of the codec loads only with what uses it; everything is exported from here too.
import { le16, VIAL_GET_KEYBOARD_ID, vialRequest } from './vialBasics.ts';

const be16 = (bytes: ArrayLike<number>, at: number) => ((bytes[at] ?? 0) << 8) | (bytes[at + 1] ?? 0);
export { bootKeycodeFor } from './bootKeycode.ts';
export { hasEncoderMap } from './encoderMap.ts';
export {
  isVialKeyboardIdReply,
  readKeyboardId,
  VIAL_PREFIX,
  vialRequest,
  type VialKeyboardId,
} from './vialBasics.ts';

export const VIAL = {
  GET_KEYBOARD_ID: VIAL_GET_KEYBOARD_ID,
  GET_SIZE: 0x01,
  GET_DEFINITION: 0x02,
  GET_ENCODER: 0x03,
  SET_ENCODER: 0x04,
  GET_UNLOCK_STATUS: 0x05,
  UNLOCK_START: 0x06,
  UNLOCK_POLL: 0x07,
  LOCK: 0x08,
  QMK_SETTINGS_QUERY: 0x09,
  QMK_SETTINGS_GET: 0x0a,
  QMK_SETTINGS_SET: 0x0b,
  QMK_SETTINGS_RESET: 0x0c,
  DYNAMIC_ENTRY_OP: 0x0d,
} as const;

/** Sub-commands of DYNAMIC_ENTRY_OP (byte 2). */
export const DYNAMIC = {
  COUNTS: 0x00,
  TAP_DANCE_GET: 0x01,
  TAP_DANCE_SET: 0x02,
  COMBO_GET: 0x03,
  COMBO_SET: 0x04,
  KEY_OVERRIDE_GET: 0x05,
  KEY_OVERRIDE_SET: 0x06,
} as const;

/** Bytes of one definition block, one report's worth. */
export const DEFINITION_BLOCK = 32;
/** Bytes of every dynamic entry (tap dance, combo, key override). */
export const ENTRY_BYTES = 10;
/** Most unlock keys the status reply can name. */
export const MAX_UNLOCK_KEYS = 15;
/** Polls with every unlock key held it takes to unlock (one per ≥ 100 ms). */
export const UNLOCK_COUNTER_START = 50;
/** End marker of a QMK settings query reply. */
export const NO_MORE_SETTINGS = 0xffff;

const le16Bytes = (value: number) => [value & 0xff, (value >> 8) & 0xff];

/** Reads the definition size reply (u32 LE). */
export function readDefinitionSize(reply: ArrayLike<number>): number {
  return (le16(reply, 0) | (le16(reply, 2) << 16)) >>> 0;
}

/** The request for definition block `block` (u16 LE; the firmware reads two bytes). */
export function definitionBlockRequest(block: number): number[] {
  return vialRequest(VIAL.GET_DEFINITION, ...le16Bytes(block), 0, 0);
}

/** Blocks needed for a definition of `size` bytes. */
export function definitionBlocks(size: number): number {
  return Math.ceil(size / DEFINITION_BLOCK);
}

/** Encoder keycodes from "get encoder": counter-clockwise then clockwise, each big-endian. */
export function readEncoder(reply: ArrayLike<number>): { ccw: number; cw: number } {
  return { ccw: be16(reply, 0), cw: be16(reply, 2) };
}

export function setEncoderRequest(
  layer: number,
  encoder: number,
  clockwise: boolean,
  keycode: number,
): number[] {
  return vialRequest(
    VIAL.SET_ENCODER,
    layer,
    encoder,
    clockwise ? 1 : 0,
    (keycode >> 8) & 0xff,
    keycode & 0xff,
  );
}

export function getEncoderRequest(layer: number, encoder: number): number[] {
  return vialRequest(VIAL.GET_ENCODER, layer, encoder);
}

export interface UnlockStatus {
  unlocked: boolean;
  inProgress: boolean;
  /** Matrix positions to hold, [row, col]. */
  keys: [number, number][];
}

export function readUnlockStatus(reply: ArrayLike<number>): UnlockStatus {
  const keys: [number, number][] = [];
  for (let i = 0; i < MAX_UNLOCK_KEYS; i++) {
    const row = reply[2 + i * 2] ?? 0xff;
    const col = reply[3 + i * 2] ?? 0xff;
    if (row !== 0xff && col !== 0xff) keys.push([row, col]);
  }
  return { unlocked: reply[0] === 1, inProgress: reply[1] === 1, keys };
}

/** Unlock poll: still counting down from UNLOCK_COUNTER_START while the keys are held. */
export function readUnlockPoll(reply: ArrayLike<number>): {
  unlocked: boolean;
  inProgress: boolean;
  counter: number;
} {
  return { unlocked: reply[0] === 1, inProgress: reply[1] === 1, counter: reply[2] ?? 0 };
}

export function settingsQueryRequest(greaterThan: number): number[] {
  return vialRequest(VIAL.QMK_SETTINGS_QUERY, ...le16Bytes(greaterThan));
}

/** Setting ids in one query reply (up to 16), without the 0xFFFF padding; `done` when the padding was reached. */
export function readSettingsQuery(reply: ArrayLike<number>): { ids: number[]; done: boolean } {
  const ids: number[] = [];
  let done = false;
  for (let at = 0; at + 1 < Math.max(reply.length, 32); at += 2) {
    const id = le16(reply, at);
    if (id === NO_MORE_SETTINGS) done = true;
    else ids.push(id);
  }
  return { ids, done };
}

export function settingGetRequest(id: number): number[] {
  return vialRequest(VIAL.QMK_SETTINGS_GET, ...le16Bytes(id));
}

export function settingSetRequest(id: number, value: readonly number[]): number[] {
  return vialRequest(VIAL.QMK_SETTINGS_SET, ...le16Bytes(id), ...value);
}

export interface DynamicCounts {
  tapDance: number;
  combos: number;
  keyOverrides: number;
}

export function readDynamicCounts(reply: ArrayLike<number>): DynamicCounts {
  return { tapDance: reply[0] ?? 0, combos: reply[1] ?? 0, keyOverrides: reply[2] ?? 0 };
}

export function entryGetRequest(sub: number, index: number): number[] {
  return vialRequest(VIAL.DYNAMIC_ENTRY_OP, sub, index);
}

export function entrySetRequest(sub: number, index: number, entry: readonly number[]): number[] {
  return vialRequest(VIAL.DYNAMIC_ENTRY_OP, sub, index, ...entry);
}

/** An entry read back: status 0 is success; the entry bytes follow it. */
export function readEntry(reply: ArrayLike<number>): { ok: boolean; bytes: number[] } {
  return { ok: reply[0] === 0, bytes: Array.from({ length: ENTRY_BYTES }, (_, i) => reply[1 + i] ?? 0) };
}

export interface TapDance {
  onTap: number;
  onHold: number;
  onDoubleTap: number;
  onTapHold: number;
  /** Tapping term in ms. */
  tappingTerm: number;
}

export function decodeTapDance(bytes: ArrayLike<number>): TapDance {
  return {
    onTap: le16(bytes, 0),
    onHold: le16(bytes, 2),
    onDoubleTap: le16(bytes, 4),
    onTapHold: le16(bytes, 6),
    tappingTerm: le16(bytes, 8),
  };
}

export function encodeTapDance(td: TapDance): number[] {
  return [td.onTap, td.onHold, td.onDoubleTap, td.onTapHold, td.tappingTerm].flatMap(le16Bytes);
}

export interface Combo {
  /** Up to four keys; 0x0000 marks an unused slot. */
  keys: [number, number, number, number];
  output: number;
}

export function decodeCombo(bytes: ArrayLike<number>): Combo {
  return {
    keys: [le16(bytes, 0), le16(bytes, 2), le16(bytes, 4), le16(bytes, 6)],
    output: le16(bytes, 8),
  };
}

export function encodeCombo(combo: Combo): number[] {
  return [...combo.keys, combo.output].flatMap(le16Bytes);
}

export interface KeyOverride {
  trigger: number;
  replacement: number;
  /** Bit n: active on layer n. */
  layers: number;
  triggerMods: number;
  negativeModMask: number;
  suppressedMods: number;
  options: number;
}

export function decodeKeyOverride(bytes: ArrayLike<number>): KeyOverride {
  return {
    trigger: le16(bytes, 0),
    replacement: le16(bytes, 2),
    layers: le16(bytes, 4),
    triggerMods: bytes[6] ?? 0,
    negativeModMask: bytes[7] ?? 0,
    suppressedMods: bytes[8] ?? 0,
    options: bytes[9] ?? 0,
  };
}

export function encodeKeyOverride(ko: KeyOverride): number[] {
  return [
    ...le16Bytes(ko.trigger),
    ...le16Bytes(ko.replacement),
    ...le16Bytes(ko.layers),
    ko.triggerMods & 0xff,
    ko.negativeModMask & 0xff,
    ko.suppressedMods & 0xff,
    ko.options & 0xff,
  ];
}
