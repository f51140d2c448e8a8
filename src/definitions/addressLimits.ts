/**
 * What the VIA protocol addresses, the bounds every reader of a definition holds it to — the first screen's too
 * (the served shape check, the virtual keyboard), so they live apart from the rest of the size limits
 * (`definitionLimits.ts`), whose checks and sentences load with the compiler.
 */

/** Matrix rows and columns: one byte each in the keymap commands (0x04/0x05). */
export const MAX_MATRIX_ROWS = 255;
export const MAX_MATRIX_COLS = 255;
/** Matrix positions: one layer, two bytes a key, must fit the keymap buffer's 16-bit offsets (0x12/0x13). */
export const MAX_MATRIX_POSITIONS = 32_768;
/** Per-key LED index `li` and encoder index `ei`: one byte each (`08 00 01 led 01`; 0x14/0x15). */
export const MAX_LED_INDEX = 255;
export const MAX_ENCODER_INDEX = 255;
/** Keys of a definition, layout options included (the public collection's most is 400). */
export const MAX_KEYS = 2_048;
/** Menus, submenus and controls together (the public collection's most is 422). */
export const MAX_MENU_ENTRIES = 2_048;
