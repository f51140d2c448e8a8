/**
 * The firmware generations of QMK boards as numbers that files and the wire both read: the VIA protocol versions
 * and Vial protocol versions that added a feature. A macro buffer, a keymap file and the raw-HID client all ask
 * these, so they live here, below both (protocol/ is the wire and only one of their users).
 */

/** Protocol thresholds (via-protocol.md §5.2). */
export const PROTOCOL = {
  LAYER_COUNT_AND_BUFFERS: 8,
  MATRIX_TESTER: 9,
  ENCODERS: 10,
  V3_DEFINITIONS: 11,
  MACRO_DELAYS: 11,
  MATRIX_ROW_OFFSET: 12,
  /** Below this the raw switch-matrix read is refused (core.md §8). */
  MATRIX_READ_MIN: 7,
} as const;

/** Channel marker for legacy (protocol ≤ 10) lighting values, which have no channel byte. */
export const LEGACY_LIGHTING_CHANNEL = -1;

/** Vial protocol versions that added a feature. */
export const VIAL_VERSION = {
  ADVANCED_MACROS: 2,
  MATRIX_TESTER_UNLOCK: 3,
  DYNAMIC_ENTRIES: 4,
  QMK_SETTINGS: 4,
  EXTENDED_MACROS: 5,
  KEY_OVERRIDES: 5,
  /** QMK's keycode renumbering (the numbering of VIA protocol 12). */
  QMK_RENUMBERED_KEYCODES: 6,
} as const;

/**
 * The VIA protocol whose keycode numbering a Vial keyboard uses: Vial protocol 6 came with QMK's keycode
 * renumbering (VIA protocol 12's numbers); up to 5 the numbers are VIA protocol 9's (vial-gui picks its v6 table
 * for protocol 6 and its v5 table for every other).
 */
export function vialKeycodeProtocol(vialProtocol: number): number {
  return vialProtocol >= VIAL_VERSION.QMK_RENUMBERED_KEYCODES ? 12 : 9;
}
