/**
 * How large a keyboard definition Keyloom reads, and the checks that refuse a larger one before anything
 * expensive runs (schema validation, KLE conversion, a virtual keyboard's allocations). Each bound is either
 * what the VIA protocol can address or a wide margin over the largest of the public VIA collection's 3,508
 * definitions (the-via/keyboards e44d80f); docs/definitions.md "Size limits" gives the reasons.
 *
 * The checks stop at the first problem and never recurse (a file nested 100,000 deep is refused, not a stack
 * overflow): the definition's in `definitionSize.ts`, the file text's in `definitionText.ts`, the English
 * sentences in `limitMessage.ts`. They load with the compiler; the bounds of what VIA addresses are also checked
 * on the first screen (served definitions, virtual keyboards) and live in `addressLimits.ts`.
 */

import {
  MAX_ENCODER_INDEX,
  MAX_KEYS,
  MAX_LED_INDEX,
  MAX_MATRIX_COLS,
  MAX_MATRIX_POSITIONS,
  MAX_MATRIX_ROWS,
  MAX_MENU_ENTRIES,
} from './addressLimits.ts';

export const DEFINITION_LIMITS = {
  /** Bytes of a definition file (UTF-8). The largest public definition is 95 kB. */
  fileBytes: 1_000_000,
  /** Nesting of lists and objects. The public definitions nest 11 deep at most. */
  depth: 32,
  /** Values of any kind (numbers, texts, lists, objects) in one definition; the largest has 3,943. */
  values: 100_000,
  /** Characters of one text (a name, legend, label or showIf); the longest public one has 448. */
  stringLength: 4_096,
  /** KLE rows in `layouts.keymap`; the most in a public definition is 62. */
  kleRows: 256,
  /** Entries (keys and their property objects) in one KLE row; the most is 79. */
  rowEntries: 256,
  /** Keys of a definition, layout-option keys included; the most is 400. */
  keys: MAX_KEYS,
  /** Layout options: the keyboard keeps them in one 32-bit value, at least one bit each (the most is 11). */
  labels: 32,
  /** Choices of one layout option: VIA packs at most 5 bits (32 choices) per option (the most is 15). */
  choices: 32,
  /** Bits all layout options take together: the value is 32 bits (the most is 24). */
  optionBits: 32,
  /** Menus, submenus and controls of the custom menus together; the most is 422. */
  menuEntries: MAX_MENU_ENTRIES,
  /** Options of one menu control: a dropdown's value is one byte (the most is 50). */
  menuOptions: 256,
  /** Custom keycodes: CUSTOM(0)…CUSTOM(255) on protocol 11 and later (the most is 30). */
  customKeycodes: 256,
  /** Effects of one v2 lighting list: the effect value is one byte (the most is 45). */
  effects: 256,
  /** Matrix rows and columns: one byte each in the keymap commands (0x04/0x05). The most is 20 and 28. */
  matrixRows: MAX_MATRIX_ROWS,
  matrixCols: MAX_MATRIX_COLS,
  /** Matrix positions: one layer (2 bytes a key) must fit the keymap buffer's 16-bit offsets. The most is 400. */
  matrixPositions: MAX_MATRIX_POSITIONS,
  /** Per-key LED index `li`: one byte in the per-key colour request (`08 00 01 led 01`). */
  ledIndex: MAX_LED_INDEX,
  /** Encoder index `ei`: one byte in the encoder commands (0x14/0x15). The highest public one is 7. */
  encoderIndex: MAX_ENCODER_INDEX,
} as const;

export type LimitSubject = keyof typeof DEFINITION_LIMITS;

/**
 * What is too large: `count` is what the definition has (for `depth` and `values`, where counting stops at the
 * limit, the limit plus one), `limit` the most Keyloom reads, `where` the place in the file when it helps.
 */
export interface LimitProblem {
  subject: LimitSubject;
  count: number;
  limit: number;
  where?: string;
}

/** A problem for `subject` with its limit from DEFINITION_LIMITS. */
export const overLimit = (subject: LimitSubject, count: number, where?: string): LimitProblem => ({
  subject,
  count,
  limit: DEFINITION_LIMITS[subject],
  ...(where === undefined ? {} : { where }),
});
