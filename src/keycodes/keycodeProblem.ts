/**
 * Why a keycode text was refused, as data: the UI words each kind in the user's language, next to the field
 * (`explainKeycode`). `text` and `name` are what the user typed.
 */
export type KeycodeProblem =
  /** Unbalanced parentheses, an empty argument, a stray character. */
  | { kind: 'syntax' }
  | { kind: 'tooLong'; max: number }
  | { kind: 'unknownName'; name: string }
  | { kind: 'unknownFunction'; name: string }
  /** `name(…)` takes `count` values. */
  | { kind: 'arguments'; name: string; count: number }
  /** A number or hex code above what the keycode can hold (`max`). */
  | { kind: 'numberTooLarge'; text: string; max: number }
  /** A bare decimal: keycodes are names or hex. */
  | { kind: 'plainNumber'; text: string }
  /** Where a layer or index number was expected. */
  | { kind: 'notNumber'; text: string }
  | { kind: 'layerBeyondKeyboard'; layer: number; layers: number }
  | { kind: 'macroBeyondKeyboard'; index: number; macros: number }
  /** A tap key (mod-tap, layer-tap, a modifier wrapper's key) must be a basic key. */
  | { kind: 'notBasic'; text: string }
  | { kind: 'modifiers'; text: string }
  /** Left and right modifiers in one keycode. */
  | { kind: 'mixedSides' };
