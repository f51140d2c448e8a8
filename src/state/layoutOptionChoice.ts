import { unpackLayoutOptions } from '../protocol/layoutOptions.ts';
import type { KeyboardState } from '../services/keyboardLoader.ts';

/** The chosen value of each layout option of a keyboard (all first choices until the board has told us). */
export function layoutChoices(keyboard: KeyboardState): number[] {
  const labels = keyboard.definition.layouts.labels ?? [];
  return keyboard.layoutOptions === null
    ? labels.map(() => 0)
    : unpackLayoutOptions(labels, keyboard.layoutOptions);
}
