import { choiceCount, optionWidth, type LayoutLabel } from './layoutOptions.ts';

// Writing a layout choice (the Layouts pane). Apart from layoutOptions.ts, whose unpacking the first screen
// runs: a module the first screen imports brings every export any chunk uses (issue 43).

/** Total bits the labels need; more than 32 cannot be stored and is refused by `packLayoutOptions`. */
export function layoutOptionBits(labels: readonly LayoutLabel[]): number {
  return labels.reduce((sum, l) => sum + optionWidth(l), 0);
}

/** Packs choices into the 32-bit value. Throws when options need more than 32 bits or a choice is out of range. */
export function packLayoutOptions(labels: readonly LayoutLabel[], choices: readonly number[]): number {
  if (layoutOptionBits(labels) > 32) throw new RangeError('Layout options need more than 32 bits');
  let value = 0;
  labels.forEach((label, i) => {
    const choice = choices[i] ?? 0;
    if (!Number.isInteger(choice) || choice < 0 || choice >= choiceCount(label)) {
      throw new RangeError(`Layout option ${i} has no choice ${choice}`);
    }
    value = value * 2 ** optionWidth(label) + choice;
  });
  return value >>> 0;
}
