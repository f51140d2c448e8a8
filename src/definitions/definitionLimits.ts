/**
 * How large a keyboard definition Keyloom reads, and the checks that refuse a larger one before anything
 * expensive runs (schema validation, KLE conversion, a virtual keyboard's allocations). Each bound is either
 * what the VIA protocol can address or a wide margin over the largest of the public VIA collection's 3,508
 * definitions (the-via/keyboards e44d80f); docs/definitions.md "Size limits" gives the reasons.
 *
 * The checks stop at the first problem and never recurse (a file nested 100,000 deep is refused, not a stack
 * overflow). The definition-specific counts are in `definitionSize.ts`, the file text's in `definitionText.ts`,
 * the English sentences in `limitMessage.ts` (apart, so the first screen's shape check carries none of them).
 */

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
  keys: 2_048,
  /** Layout options: the keyboard keeps them in one 32-bit value, at least one bit each (the most is 11). */
  labels: 32,
  /** Choices of one layout option: VIA packs at most 5 bits (32 choices) per option (the most is 15). */
  choices: 32,
  /** Bits all layout options take together: the value is 32 bits (the most is 24). */
  optionBits: 32,
  /** Menus, submenus and controls of the custom menus together; the most is 422. */
  menuEntries: 2_048,
  /** Options of one menu control: a dropdown's value is one byte (the most is 50). */
  menuOptions: 256,
  /** Custom keycodes: CUSTOM(0)…CUSTOM(255) on protocol 11 and later (the most is 30). */
  customKeycodes: 256,
  /** Effects of one v2 lighting list: the effect value is one byte (the most is 45). */
  effects: 256,
  /** Matrix rows and columns: one byte each in the keymap commands (0x04/0x05). The most is 20 and 28. */
  matrixRows: 255,
  matrixCols: 255,
  /** Matrix positions: one layer (2 bytes a key) must fit the keymap buffer's 16-bit offsets. The most is 400. */
  matrixPositions: 32_768,
  /** Per-key LED index `li`: one byte in the per-key colour request (`08 00 01 led 01`). */
  ledIndex: 255,
  /** Encoder index `ei`: one byte in the encoder commands (0x14/0x15). The highest public one is 7. */
  encoderIndex: 255,
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

/**
 * A short line for a problem, for readers on the first screen (the served shape check, the virtual keyboard's
 * own guard), where the full sentences of `limitMessage` would cost more than they are worth: a served
 * definition went through the full checks when it was built.
 */
export const shortLimitMessage = (p: LimitProblem): string =>
  `too large: ${p.where ?? p.subject} has ${p.count} (at most ${p.limit})`;

/**
 * Walks any JSON value without recursion and returns the first bound it breaks: nesting deeper than `depth`,
 * more than `values` values, a text (or object key) longer than `stringLength`. Stops at the first problem, so
 * its cost is bounded by the limits, not by the input.
 */
export function jsonSizeProblem(value: unknown): LimitProblem | null {
  const { depth: maxDepth, values: maxValues, stringLength } = DEFINITION_LIMITS;
  const stack: unknown[] = [value];
  const depths: number[] = [0];
  let values = 0;
  while (stack.length > 0) {
    const item = stack.pop();
    const depth = depths.pop()!;
    values++;
    if (typeof item === 'string') {
      if (item.length > stringLength) return overLimit('stringLength', item.length);
      continue;
    }
    if (item === null || typeof item !== 'object') continue;
    if (depth >= maxDepth) return overLimit('depth', maxDepth + 1);
    const children = Array.isArray(item) ? (item as unknown[]) : Object.keys(item);
    if (values + stack.length + children.length > maxValues) return overLimit('values', maxValues + 1);
    if (Array.isArray(item)) {
      for (const child of children) {
        stack.push(child);
        depths.push(depth + 1);
      }
    } else {
      for (const key of children as string[]) {
        if (key.length > stringLength) return overLimit('stringLength', key.length);
        stack.push((item as Record<string, unknown>)[key]);
        depths.push(depth + 1);
      }
    }
  }
  return null;
}
