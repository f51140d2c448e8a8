/**
 * Keychron raw-HID protocol constants: command ids, sub-command ids, feature flag bits, limits and enumerations,
 * as Keychron's QMK fork answers them (branch 2025q3, commit 1210b3c4ed09602b7e4b8b0d75f211c829556588;
 * docs/keychron-protocol.md). Pure data: shared by the virtual Keychron boards and the app's Keychron client.
 * Names are stable: add, never rename.
 */

/** The commit of Keychron's QMK fork these constants and the virtual boards were taken from. */
export const KEYCHRON_SOURCE_COMMIT = '1210b3c4ed09602b7e4b8b0d75f211c829556588';

// ── Top-level command ids (report byte 0) ─────────────────────────────────────────────────────────────────────

// 0xA0 (`[A0, protocol, 0, qmk command set]`) and the unhandled reply byte 0xFF live beside the probe, which every
// VIA load runs: defined here, a module shared with the first screen would put every constant the Keychron panes
// use into the first screen's chunk.
export { KC_GET_PROTOCOL_VERSION, KC_UNHANDLED } from './keychronProbe.ts';
/** 0xA1: bytes 1.. = ASCII `v<M>.<m>.<p> <build date>` and a NUL. */
export const KC_GET_FIRMWARE_VERSION = 0xa1;
/** 0xA2: `[A2, 0, feature byte 0, feature byte 1]` (KC_FEATURE_*). */
export const KC_GET_SUPPORT_FEATURE = 0xa2;
/** 0xA3: `[A3, highest default layer]`; also the unsolicited state-notify report when the default layer changes. */
export const KC_GET_DEFAULT_LAYER = 0xa3;
/** 0xA4: battery level (wireless boards); unhandled on wired boards (VIA's 0xFF reply). */
export const KC_GET_BATTERY_LEVEL = 0xa4;
/** 0xA7: misc group; byte 1 is a KC_MISC_* sub-command. */
export const KC_MISC_CMD_GROUP = 0xa7;
/** 0xA8: Keychron RGB; byte 1 is a KC_RGB_* sub-command. */
export const KC_KEYCHRON_RGB = 0xa8;
/** 0xA9: analog (Hall-effect) matrix; unhandled (0xFF) on non-HE boards. */
export const KC_ANALOG_MATRIX = 0xa9;
/** 0xAA: wireless module DFU; on a wired board no reply at all. */
export const KC_WIRELESS_DFU = 0xaa;
/** 0xAB: factory test (factory tooling only), checksummed; see KC_FACTORY_*. */
export const KC_FACTORY_TEST = 0xab;

/** Keychron protocol version reported by 0xA0 byte 1. */
export const KC_PROTOCOL_VERSION = 0x02;
/** QMK command set reported by 0xA0 byte 3. */
export const KC_QMK_COMMAND_SET = 2;
/** VIA protocol version Keychron's via.c reports (0x01 reply bytes 1-2, big endian). */
export const KC_VIA_PROTOCOL_VERSION = 0x000c;

// ── Status bytes ───────────────────────────────────────────────────────────────────────────────────────────────

/** Status byte value: success. */
export const KC_SUCCESS = 0;
/** Status byte value: failure (request refused, nothing changed). */
export const KC_FAIL = 1;

// ── 0xA2 feature flags ─────────────────────────────────────────────────────────────────────────────────────────

/** 0xA2 byte 2 (f0) bit: default layer query (always set). */
export const KC_FEATURE_DEFAULT_LAYER = 0x01;
/** f0 bit: Bluetooth. */
export const KC_FEATURE_BLUETOOTH = 0x02;
/** f0 bit: 2.4 GHz dongle. */
export const KC_FEATURE_P24G = 0x04;
/** f0 bit: analog (Hall-effect) matrix. */
export const KC_FEATURE_ANALOG_MATRIX = 0x08;
/** f0 bit: state-notify reports (unsolicited 0xA3 / 0xA7 reports). */
export const KC_FEATURE_STATE_NOTIFY = 0x10;
/** f0 bit: dynamic debounce (0xA7 0x05/0x06). */
export const KC_FEATURE_DYNAMIC_DEBOUNCE = 0x20;
/** f0 bit: Snap Click (never on HE boards). */
export const KC_FEATURE_SNAP_CLICK = 0x40;
/** f0 bit: Keychron RGB (0xA8). */
export const KC_FEATURE_KEYCHRON_RGB = 0x80;
/** 0xA2 byte 3 (f1) bit: quick start (always set). */
export const KC_FEATURE_QUICK_START = 0x01;
/** f1 bit: NKRO (always set). */
export const KC_FEATURE_NKRO = 0x02;
/** Report byte holding feature byte f0 in the 0xA2 reply. */
export const KC_FEATURE_BYTE0_OFFSET = 2;
/** Report byte holding feature byte f1 in the 0xA2 reply. */
export const KC_FEATURE_BYTE1_OFFSET = 3;

// ── 0xA7 misc group ────────────────────────────────────────────────────────────────────────────────────────────

/** 0xA7 0x01: `[A7, 01, 0, ver lo, ver hi, flags]` (KC_MISC_FEATURE_*). */
export const KC_MISC_GET_PROTOCOL_VER = 0x01;
/** 0xA7 0x02: `[A7, 02, 0, 01, n, chip (n bytes), 02, 01, bootloader type]`. */
export const KC_MISC_DFU_INFO_GET = 0x02;
/** 0xA7 0x03: `[A7, 03, 0, lang]`. */
export const KC_MISC_LANGUAGE_GET = 0x03;
/** 0xA7 0x04: byte 2 = lang; any value accepted; stored at once. */
export const KC_MISC_LANGUAGE_SET = 0x04;
/** 0xA7 0x05: `[A7, 05, 0, 0, type, ms]`. */
export const KC_MISC_DEBOUNCE_GET = 0x05;
/** 0xA7 0x06: bytes 2-3 = type, ms; status at byte 2 (1 if type ≥ KC_DEBOUNCE_TYPE_COUNT); stored at once. */
export const KC_MISC_DEBOUNCE_SET = 0x06;
/** 0xA7 0x07: `[A7, 07, 0, pair count]`. */
export const KC_MISC_SNAP_CLICK_GET_INFO = 0x07;
/** 0xA7 0x08: bytes 2-3 = start, count; reply from byte 3 = count × `[type, key1, key2]`. */
export const KC_MISC_SNAP_CLICK_GET = 0x08;
/** 0xA7 0x09: bytes 2-3 = start, count; entries from byte 4; RAM only until KC_MISC_SNAP_CLICK_SAVE. */
export const KC_MISC_SNAP_CLICK_SET = 0x09;
/** 0xA7 0x0A: writes all pairs to EEPROM. */
export const KC_MISC_SNAP_CLICK_SAVE = 0x0a;
/** 0xA7 0x0B: wireless low-power get (wireless boards only). */
export const KC_MISC_WIRELESS_LPM_GET = 0x0b;
/** 0xA7 0x0C: wireless low-power set (wireless boards only). */
export const KC_MISC_WIRELESS_LPM_SET = 0x0c;
/** 0xA7 0x0D: `[A7, 0D, 0, divider, supported mask]`; rate = 8000 Hz >> divider. 8 kHz boards only. */
export const KC_MISC_REPORT_RATE_GET = 0x0d;
/** 0xA7 0x0E: byte 2 = divider; fail if > KC_REPORT_RATE_DIVIDER_MAX; stored at once. */
export const KC_MISC_REPORT_RATE_SET = 0x0e;
/** 0xA7 0x0F: DIP switch get (not handled on these boards: `[FF, 00, …]`). */
export const KC_MISC_DIP_SWITCH_GET = 0x0f;
/** 0xA7 0x10: DIP switch set (not handled). */
export const KC_MISC_DIP_SWITCH_SET = 0x10;
/** 0xA7 0x11: factory reset; as a request not handled, as an unsolicited `[A7, 11]` report: a factory reset happened. */
export const KC_MISC_FACTORY_RESET = 0x11;
/** 0xA7 0x12: `[A7, 12, 0, KC_NKRO_* bits]`. */
export const KC_MISC_NKRO_GET = 0x12;
/** 0xA7 0x13: byte 2 = 0/1; status 1 on adaptive-NKRO builds and for values > 1. */
export const KC_MISC_NKRO_SET = 0x13;

/** 0xA7 0x01 misc protocol version (bytes 3-4, little endian). */
export const KC_MISC_PROTOCOL_VERSION = 0x0002;
/** 0xA7 0x01 flags (byte 5) bit: DFU info. */
export const KC_MISC_FEATURE_DFU_INFO = 0x01;
/** Misc flag bit: language. */
export const KC_MISC_FEATURE_LANGUAGE = 0x02;
/** Misc flag bit: debounce. */
export const KC_MISC_FEATURE_DEBOUNCE = 0x04;
/** Misc flag bit: Snap Click. */
export const KC_MISC_FEATURE_SNAP_CLICK = 0x08;
/** Misc flag bit: wireless low-power. */
export const KC_MISC_FEATURE_WIRELESS_LPM = 0x10;
/** Misc flag bit: report rate (8 kHz boards). */
export const KC_MISC_FEATURE_REPORT_RATE = 0x20;
/** Misc flag bit: quick start. */
export const KC_MISC_FEATURE_QUICK_START = 0x40;
/** Misc flag bit: NKRO. */
export const KC_MISC_FEATURE_NKRO = 0x80;

/** DFU info record tag: chip name (followed by its length and ASCII bytes). */
export const KC_DFU_INFO_CHIP = 0x01;
/** DFU info record tag: bootloader type (followed by length 1 and a KC_BOOTLOADER_* value). */
export const KC_DFU_INFO_TYPE = 0x02;
/** Bootloader type: other (e.g. AT32's DFU). */
export const KC_BOOTLOADER_OTHER = 0;
/** Bootloader type: STM32 DFU. */
export const KC_BOOTLOADER_STM32_DFU = 1;
/** Bootloader type: WB32 DFU. */
export const KC_BOOTLOADER_WB32_DFU = 2;

// Snap Click (0xA7 0x07-0x0A)
/** Number of Snap Click pairs. */
export const KC_SNAP_CLICK_PAIRS = 20;
/** Most pairs one Snap Click get/set request may carry. */
export const KC_SNAP_CLICK_MAX_PER_REQUEST = 9;
/** Bytes per Snap Click entry: type, key 1, key 2. */
export const KC_SNAP_CLICK_ENTRY_SIZE = 3;

// ── 0xA8 Keychron RGB (status at byte 2, data from byte 3) ─────────────────────────────────────────────────────

/** 0xA8 0x01: `[A8, 01, 0, 01, 00]` (version 0x0001 LE). */
export const KC_RGB_GET_PROTOCOL_VER = 0x01;
/** 0xA8 0x02: writes OS indicator, per-key type and colours, regions and effect lists to EEPROM. */
export const KC_RGB_SAVE = 0x02;
/** 0xA8 0x03: `[A8, 03, 0, supported, disable, h, s, v]`. */
export const KC_RGB_GET_INDICATORS_CONFIG = 0x03;
/** 0xA8 0x04: bytes 2-5 = disable, h, s, v; always ok; v below KC_OS_INDICATOR_MIN_V stored as it. */
export const KC_RGB_SET_INDICATORS_CONFIG = 0x04;
/** 0xA8 0x05: `[A8, 05, 0, LED count]`. */
export const KC_RGB_GET_LED_COUNT = 0x05;
/** 0xA8 0x06: bytes 2-5 = row, 24-bit column mask LE; reply from byte 3 = LED index per column (0xFF none). */
export const KC_RGB_GET_LED_IDX = 0x06;
/** 0xA8 0x07: `[A8, 07, 0, per-key effect type]`. */
export const KC_RGB_PER_KEY_GET_TYPE = 0x07;
/** 0xA8 0x08: byte 2 = type; fail if ≥ KC_PER_KEY_TYPE_COUNT. */
export const KC_RGB_PER_KEY_SET_TYPE = 0x08;
/** 0xA8 0x09: bytes 2-3 = start, count; reply from byte 3 = count × `[h, s, v]`. */
export const KC_RGB_PER_KEY_GET_COLOR = 0x09;
/** 0xA8 0x0A: bytes 2-3 = start, count; h s v triples from byte 4. */
export const KC_RGB_PER_KEY_SET_COLOR = 0x0a;
/** 0xA8 0x0B: `[A8, 0B, 0, regions, effects per region]`. */
export const KC_RGB_MIXED_GET_INFO = 0x0b;
/** 0xA8 0x0C: bytes 2-3 = start, count; reply from byte 3 = region of each LED. */
export const KC_RGB_MIXED_GET_REGIONS = 0x0c;
/** 0xA8 0x0D: bytes 2-3 = start, count; region values from byte 4. */
export const KC_RGB_MIXED_SET_REGIONS = 0x0d;
/** 0xA8 0x0E: bytes 2-4 = region, start, count; reply from byte 3 = count × 8-byte effect entries. */
export const KC_RGB_MIXED_GET_EFFECT_LIST = 0x0e;
/** 0xA8 0x0F: bytes 2-4 = region, start, count; 8-byte effect entries from byte 5. */
export const KC_RGB_MIXED_SET_EFFECT_LIST = 0x0f;

/** 0xA8 protocol version (bytes 3-4 of the 0x01 reply, LE). */
export const KC_RGB_PROTOCOL_VERSION = 0x0001;
/** Report byte of an 0xA8 reply's status. */
export const KC_RGB_STATUS_OFFSET = 2;
/** Report byte where an 0xA8 reply's data starts. */
export const KC_RGB_DATA_OFFSET = 3;

/** Most LEDs one per-key colour get/set may carry (9 × 3 bytes). */
export const KC_PER_KEY_COLOR_MAX_PER_REQUEST = 9;
/** Most LEDs one regions get may carry. */
export const KC_REGIONS_GET_MAX_PER_REQUEST = 29;
/** Most LEDs one regions set may carry. */
export const KC_REGIONS_SET_MAX_PER_REQUEST = 28;
/** Mixed-RGB region count. */
export const KC_MIXED_RGB_REGIONS = 2;
/** Effect-list entries per region. */
export const KC_MIXED_RGB_EFFECTS_PER_REGION = 5;
/** Most effect entries one effect-list get/set may carry. */
export const KC_EFFECT_LIST_MAX_PER_REQUEST = 3;
/** Bytes per effect entry: effect, hue, sat, speed, time (u32 LE, ms). */
export const KC_EFFECT_ENTRY_SIZE = 8;
/** Effect number of an empty effect-list slot. */
export const KC_EFFECT_EMPTY = 0;

/** Per-key effect type: solid. */
export const KC_PER_KEY_SOLID = 0;
/** Per-key effect type: breathing. */
export const KC_PER_KEY_BREATHING = 1;
/** Per-key effect type: reactive simple. */
export const KC_PER_KEY_REACTIVE_SIMPLE = 2;
/** Per-key effect type: reactive multi-wide. */
export const KC_PER_KEY_REACTIVE_MULTI_WIDE = 3;
/** Per-key effect type: reactive splash. */
export const KC_PER_KEY_REACTIVE_SPLASH = 4;
/** Number of per-key effect types; a set with type ≥ this fails. */
export const KC_PER_KEY_TYPE_COUNT = 5;

/** Mixed-RGB defaults: region 0 plays effect 5 (cycle left-right), region 1 effect 2 (breathing), 5000 ms each. */
export const KC_MIXED_RGB_DEFAULT_EFFECTS = [
  { effect: 5, hue: 0, sat: 255, speed: 127, timeMs: 5000 },
  { effect: 2, hue: 0, sat: 255, speed: 127, timeMs: 5000 },
] as const;

// ── 0xAB factory test ──────────────────────────────────────────────────────────────────────────────────────────

/** Factory test sub 0x01: backlight test (no reply). */
export const KC_FACTORY_BACKLIGHT = 0x01;
/** Factory test sub 0x02: OS-switch reporting (no reply). */
export const KC_FACTORY_OS_SWITCH = 0x02;
/** Factory test sub 0x03: bootloader jump (disabled in firmware; no reply). */
export const KC_FACTORY_JUMP_TO_BL = 0x03;
/** Factory test sub 0x08: build time; answered on a wired board. */
export const KC_FACTORY_GET_BUILD_TIME = 0x08;
/** Factory test sub 0x09: device id (answers on the real chip with its UID; not modelled). */
export const KC_FACTORY_GET_DEVICE_ID = 0x09;
/** First report byte the factory-test checksum sums. */
export const KC_FACTORY_CHECKSUM_FIRST = 1;
/** Last report byte the factory-test checksum sums (byte 29 is not summed). */
export const KC_FACTORY_CHECKSUM_LAST = 28;
/** Report byte of the checksum's low byte (high byte follows). */
export const KC_FACTORY_CHECKSUM_OFFSET = 30;

// ── VIA side as Keychron's via.c has it ────────────────────────────────────────────────────────────────────────

/** Dynamic keymap layers on these boards. */
export const KC_LAYER_COUNT = 4;
/** Dynamic macros on these boards. */
export const KC_MACRO_COUNT = 16;
/** EEPROM size (bytes) of these boards. */
export const KC_EEPROM_SIZE = 3072;
/** VIA channel of the RGB matrix. */
export const KC_VIA_CHANNEL_RGB_MATRIX = 3;
/** Switch-matrix state: keyboard value id. */
export const KC_VIA_SWITCH_MATRIX_STATE = 0x03;
