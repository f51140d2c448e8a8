/** VIA raw-HID command ids (via-protocol.md §1.4, core.md §7). */
export const CMD = {
  GET_PROTOCOL_VERSION: 0x01,
  GET_KEYBOARD_VALUE: 0x02,
  SET_KEYBOARD_VALUE: 0x03,
  DYNAMIC_KEYMAP_GET_KEYCODE: 0x04,
  DYNAMIC_KEYMAP_SET_KEYCODE: 0x05,
  DYNAMIC_KEYMAP_RESET: 0x06,
  CUSTOM_SET_VALUE: 0x07,
  CUSTOM_GET_VALUE: 0x08,
  CUSTOM_SAVE: 0x09,
  EEPROM_RESET: 0x0a,
  BOOTLOADER_JUMP: 0x0b,
  MACRO_GET_COUNT: 0x0c,
  MACRO_GET_BUFFER_SIZE: 0x0d,
  MACRO_GET_BUFFER: 0x0e,
  MACRO_SET_BUFFER: 0x0f,
  MACRO_RESET: 0x10,
  GET_LAYER_COUNT: 0x11,
  DYNAMIC_KEYMAP_GET_BUFFER: 0x12,
  DYNAMIC_KEYMAP_SET_BUFFER: 0x13,
  DYNAMIC_KEYMAP_GET_ENCODER: 0x14,
  DYNAMIC_KEYMAP_SET_ENCODER: 0x15,
  /** QMK's reply byte 0 for a command, value id or channel the firmware does not handle. */
  UNHANDLED: 0xff,
} as const;

/** Keyboard value ids for GET/SET_KEYBOARD_VALUE (§1.5, §7.1). */
export const KEYBOARD_VALUE = {
  UPTIME: 0x01,
  LAYOUT_OPTIONS: 0x02,
  SWITCH_MATRIX_STATE: 0x03,
  FIRMWARE_VERSION: 0x04,
  DEVICE_INDICATION: 0x05,
  ENCODER_MODES: 0x80,
  OLED_DEFAULT_MODE: 0x81,
  ENCODER_CUSTOM: 0x82,
  OLED_MODE: 0x83,
} as const;

/**
 * Vendor actuation command ids (extended.md §7: AP 163/164, 168–173; RT 193–196; DKS 208–212). A 255 reply
 * that echoes the params is accepted as "empty" for these (core.md §7).
 */
export const ACTUATION_COMMANDS: ReadonlySet<number> = new Set([
  161, 162, 163, 164, 168, 169, 170, 171, 172, 173, 193, 194, 195, 196, 208, 209, 210, 211, 212,
]);

/** Readable names for logs and errors. */
export const COMMAND_NAMES: Readonly<Record<number, string>> = Object.fromEntries(
  Object.entries(CMD).map(([name, id]) => [id, name.toLowerCase()]),
);

export function commandName(id: number): string {
  return COMMAND_NAMES[id] ?? `command_0x${id.toString(16).padStart(2, '0')}`;
}

/** Report geometry: WebHID sends 32 data bytes with report id 0 (33 bytes with the id). */
export const REPORT_LENGTH = 32;
/** Data bytes a buffer command can carry: 32 − command − 2 offset bytes − size byte. */
export const MAX_CHUNK = 28;
/** Keys per switch-matrix / keymap chunk (14 keycodes = 28 bytes). */
export const KEYS_PER_CHUNK = 14;

/** The raw-HID interface QMK exposes for VIA. */
export const VIA_USAGE_PAGE = 0xff60;
export const VIA_USAGE = 0x61;

/** Layers assumed when protocol < 8 has no layer-count command. */
export const DEFAULT_LAYER_COUNT = 4;
