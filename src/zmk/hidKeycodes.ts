import {
  decodeHidUsage,
  encodeHidUsage,
  HID_FIRST_MODIFIER_KEY,
  HID_LAST_MODIFIER_KEY,
  HID_PAGE_CONSUMER,
  HID_PAGE_KEYBOARD,
  isValidHidUsage,
} from './hidUsage.ts';

/**
 * ZMK's HID usages as Keyloom's keycodes (QMK numbering, protocol 12 and later), so a ZMK binding's key is drawn
 * with the same legends and chosen in the same picker as a VIA board's. QMK's basic keycodes are the keyboard
 * page's usage ids (0x04 A … 0xA4, 0xE0–0xE7 the modifier keys); its media keycodes stand for consumer-page
 * usages (HID Usage Tables, consumer page), listed below. Implicit modifiers become QMK's modifier wrappers when
 * they are all on one side (QMK's 5-bit form: bit 4 says "right"); both sides at once has no QMK keycode.
 */

/** Keyloom's protocol for keycode numbering and legends of ZMK keys (the newest numbering). */
export const ZMK_KEYCODE_PROTOCOL = 12;

/** Highest basic keycode that is a keyboard-page usage (KC_EXSEL). */
const LAST_BASIC_USAGE = 0xa4;

/** QMK keycode → consumer usage id (HID Usage Tables, page 0x0C). */
const CONSUMER_BY_KEYCODE: ReadonlyMap<number, number> = new Map([
  [0xa8, 0x0e2], // KC_AUDIO_MUTE: Mute
  [0xa9, 0x0e9], // KC_AUDIO_VOL_UP: Volume Increment
  [0xaa, 0x0ea], // KC_AUDIO_VOL_DOWN: Volume Decrement
  [0xab, 0x0b5], // KC_MEDIA_NEXT_TRACK: Scan Next Track
  [0xac, 0x0b6], // KC_MEDIA_PREV_TRACK: Scan Previous Track
  [0xad, 0x0b7], // KC_MEDIA_STOP: Stop
  [0xae, 0x0cd], // KC_MEDIA_PLAY_PAUSE: Play/Pause
  [0xaf, 0x183], // KC_MEDIA_SELECT: AL Consumer Control Configuration
  [0xb0, 0x0b8], // KC_MEDIA_EJECT: Eject
  [0xb1, 0x18a], // KC_MAIL: AL Email Reader
  [0xb2, 0x192], // KC_CALCULATOR: AL Calculator
  [0xb3, 0x194], // KC_MY_COMPUTER: AL Local Machine Browser
  [0xb4, 0x221], // KC_WWW_SEARCH: AC Search
  [0xb5, 0x223], // KC_WWW_HOME: AC Home
  [0xb6, 0x224], // KC_WWW_BACK: AC Back
  [0xb7, 0x225], // KC_WWW_FORWARD: AC Forward
  [0xb8, 0x226], // KC_WWW_STOP: AC Stop
  [0xb9, 0x227], // KC_WWW_REFRESH: AC Refresh
  [0xba, 0x22a], // KC_WWW_FAVORITES: AC Bookmarks
  [0xbb, 0x0b3], // KC_MEDIA_FAST_FORWARD: Fast Forward
  [0xbc, 0x0b4], // KC_MEDIA_REWIND: Rewind
  [0xbd, 0x06f], // KC_BRIGHTNESS_UP: Display Brightness Increment
  [0xbe, 0x070], // KC_BRIGHTNESS_DOWN: Display Brightness Decrement
  [0xbf, 0x19f], // KC_CONTROL_PANEL: AL Control Panel
  [0xc0, 0x1cb], // KC_ASSISTANT: AL Context-aware Desktop Assistant
  [0xc1, 0x29f], // KC_MISSION_CONTROL: AC Desktop Show All Windows
  [0xc2, 0x2a0], // KC_LAUNCHPAD: AC Soft Key Left (Launchpad on macOS)
]);
const KEYCODE_BY_CONSUMER: ReadonlyMap<number, number> = new Map(
  [...CONSUMER_BY_KEYCODE].map(([code, usage]) => [usage, code]),
);

/** QMK's modifier-wrapper bits (LCTL 0x01 … LGUI 0x08, 0x10 = right-hand), at bits 8–12 of a keycode. */
const QMK_RIGHT = 0x10;

function zmkModsToQmk(mods: number): number | null {
  if (mods === 0) return 0;
  const left = mods & 0x0f;
  const right = (mods >> 4) & 0x0f;
  if (left && right) return null;
  return left ? left : QMK_RIGHT | right;
}

function qmkModsToZmk(mods: number): number {
  return mods & QMK_RIGHT ? (mods & 0x0f) << 4 : mods & 0x0f;
}

const isKeyboardUsage = (id: number) =>
  (id >= 0x04 && id <= LAST_BASIC_USAGE) || (id >= HID_FIRST_MODIFIER_KEY && id <= HID_LAST_MODIFIER_KEY);

/**
 * The Keyloom keycode drawing `usage` (a ZMK hid_usage parameter), or null when none stands for it: a page
 * other than keyboard and consumer, an id QMK has no keycode for, or modifiers of both hands.
 */
export function hidUsageToKeycode(usage: number): number | null {
  const { modifiers, page, id } = decodeHidUsage(usage);
  let base: number | undefined;
  if (page === HID_PAGE_KEYBOARD && isKeyboardUsage(id)) base = id;
  else if (page === HID_PAGE_CONSUMER) base = KEYCODE_BY_CONSUMER.get(id);
  if (base === undefined) return null;
  const mods = zmkModsToQmk(modifiers);
  if (mods === null) return null;
  // QMK wraps only basic keycodes in modifiers; a consumer key with implicit modifiers has no keycode.
  if (mods !== 0 && page !== HID_PAGE_KEYBOARD) return null;
  return (mods << 8) | base;
}

/**
 * The ZMK hid_usage for a Keyloom keycode: a basic keycode (optionally inside one hand's modifier wrapper) or a
 * media keycode; null for keycodes that are no HID usage (layers, macros, lighting, KC_NO, KC_TRNS …).
 */
export function keycodeToHidUsage(code: number): number | null {
  if (!Number.isInteger(code) || code < 0 || code > 0x1fff) return null;
  const mods = code >> 8;
  const base = code & 0xff;
  // The right-hand bit alone wraps nothing (QMK never makes 0x10xx).
  if (mods === QMK_RIGHT) return null;
  if (isKeyboardUsage(base))
    return encodeHidUsage({ modifiers: qmkModsToZmk(mods), page: HID_PAGE_KEYBOARD, id: base });
  const consumer = CONSUMER_BY_KEYCODE.get(base);
  if (consumer !== undefined && mods === 0)
    return encodeHidUsage({ modifiers: 0, page: HID_PAGE_CONSUMER, id: consumer });
  return null;
}

/** Whether the keycode stands for a usage a parameter with these maxima accepts (the picker's filter). */
export function keycodeFitsHidParam(code: number, keyboardMax: number, consumerMax: number): boolean {
  const usage = keycodeToHidUsage(code);
  return usage !== null && isValidHidUsage(usage, keyboardMax, consumerMax);
}
