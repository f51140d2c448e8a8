/**
 * Layout options packed into one 32-bit value (via-protocol.md §5.1): each option takes the fewest bits that
 * hold its choices (1–5); the first option sits in the most significant bits, the last in the least.
 * Reading them is here (the keymap draws the chosen layout); packing a choice is packLayoutOptions.ts.
 */
export type LayoutLabel = string | readonly string[];

/** Number of choices of a layout option: a string label is a 2-choice toggle; a list is [title, ...choices]. */
export function choiceCount(label: LayoutLabel): number {
  return typeof label === 'string' ? 2 : Math.max(label.length - 1, 1);
}

/** Bits an option needs: smallest w ≥ 1 with 2^w ≥ choices (a 1-choice option still takes 1 bit). */
export function optionWidth(label: LayoutLabel): number {
  const choices = choiceCount(label);
  let width = 1;
  while (2 ** width < choices) width++;
  return width;
}

/** Unpacks the 32-bit value into one choice per label (out-of-range bits fall back to choice 0). */
export function unpackLayoutOptions(labels: readonly LayoutLabel[], value: number): number[] {
  const choices = new Array<number>(labels.length).fill(0);
  let rest = value >>> 0;
  for (let i = labels.length - 1; i >= 0; i--) {
    const width = optionWidth(labels[i]!);
    const choice = rest % 2 ** width;
    rest = Math.floor(rest / 2 ** width);
    choices[i] = choice < choiceCount(labels[i]!) ? choice : 0;
  }
  return choices;
}
