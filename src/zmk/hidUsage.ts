/**
 * ZMK's encoded HID usage, as `hid_usage` parameters carry it (docs/zmk-studio-protocol.md "HID usage
 * values"): bits 24–31 implicit modifiers, 16–23 the usage page, 0–15 the usage id.
 */
export const HID_PAGE_KEYBOARD = 0x07;
export const HID_PAGE_CONSUMER = 0x0c;

/** ZMK's implicit-modifier bits (dt-bindings/zmk/modifiers.h). */
export const ZMK_MODS = {
  LCTL: 0x01,
  LSFT: 0x02,
  LALT: 0x04,
  LGUI: 0x08,
  RCTL: 0x10,
  RSFT: 0x20,
  RALT: 0x40,
  RGUI: 0x80,
} as const;

/** The keyboard page's modifier keys (Left Control … Right GUI). */
export const HID_FIRST_MODIFIER_KEY = 0xe0;
export const HID_LAST_MODIFIER_KEY = 0xe7;

export interface HidUsage {
  /** ZMK_MODS bits applied with the key (LS(A): LSFT). */
  modifiers: number;
  page: number;
  id: number;
}

export function decodeHidUsage(value: number): HidUsage {
  return { modifiers: (value >>> 24) & 0xff, page: (value >>> 16) & 0xff, id: value & 0xffff };
}

/** The parameter value for a usage (unsigned 32-bit). */
export function encodeHidUsage({ modifiers, page, id }: HidUsage): number {
  return (((modifiers & 0xff) << 24) | ((page & 0xff) << 16) | (id & 0xffff)) >>> 0;
}

/**
 * Whether `value` is a usage a binding may carry, given the build's maxima: a keyboard-page usage from 1 to
 * `keyboardMax` or a modifier key, or a consumer usage from 1 to `consumerMax`; any implicit modifiers.
 */
export function isValidHidUsage(value: number, keyboardMax: number, consumerMax: number): boolean {
  if (!Number.isInteger(value) || value < 0 || value > 0xffffffff) return false;
  const { page, id } = decodeHidUsage(value);
  if (page === HID_PAGE_KEYBOARD)
    return (id >= 1 && id <= keyboardMax) || (id >= HID_FIRST_MODIFIER_KEY && id <= HID_LAST_MODIFIER_KEY);
  if (page === HID_PAGE_CONSUMER) return id >= 1 && id <= consumerMax;
  return false;
}

/**
 * The keyboard page's modifier keys as a Mod-Tap's hold offers them, in HID order (Left Ctrl is usage 0xE0 …
 * Right GUI 0xE7, the order of ZMK_MODS' bits): ZMK's name and the encoded usage.
 */
export const ZMK_MODIFIER_KEYS = (Object.keys(ZMK_MODS) as (keyof typeof ZMK_MODS)[]).map((name, i) => ({
  name,
  usage: encodeHidUsage({ modifiers: 0, page: HID_PAGE_KEYBOARD, id: HID_FIRST_MODIFIER_KEY + i }),
}));
