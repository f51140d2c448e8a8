import type { KeyShape } from '../../definitions/geometry.ts';

/** What the canvas draws for one key. Labels arrive computed; the canvas knows nothing of keycodes. */
export interface CanvasKey {
  shape: KeyShape;
  color?: 'alpha' | 'mod' | 'accent';
  label: string;
  topLabel?: string | undefined;
  bottomLabel?: string | undefined;
  tooltip?: string | undefined;
  /** A macro's text: always shown in the tooltip. */
  macroExpression?: string | undefined;
  /** Accessible name, e.g. 'Row 2, column 5: A'. */
  ariaLabel: string;
  /** The accessible name with another title (what the keymap tools show a transparent key falls through to). */
  named?: ((title: string) => string) | undefined;
  encoder?: boolean;
  /** Key tester state: highlighted while down, tinted once released. */
  testState?: 'down' | 'up' | undefined;
  /** The last write to this key failed (it shows its old code again). */
  failed?: boolean | undefined;
  /** A keycap face colour (per-key RGB painting shows each key's LED colour). */
  fill?: string | undefined;
  /** Space-separated marks the keymap tools style (fall-through, reach, find hit …): `data-mark`. */
  mark?: string | undefined;
}

/** What the keymap tools do to the keys the Configure keyboard draws (marks, fall-through legends). */
export type DecorateKeys = (keys: readonly CanvasKey[]) => readonly CanvasKey[];
