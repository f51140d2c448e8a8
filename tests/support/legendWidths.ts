/**
 * Legend widths without a browser, for the legend fitter's tests (src/ui/canvas/labelFit.test.ts): the app
 * measures with a canvas (src/ui/canvas/legendWidth.ts); these are close to what that canvas returns on a Linux
 * Chromium, whose sans-serif fallback is DejaVu Sans Bold at the legends' weight 600.
 */

/** Advance widths in thousandths of an em of DejaVu Sans Bold (measured: 'Bright -' at 13 px is 55.5 px). */
const LETTERS = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ';
const LETTER_EM = [
  675, 716, 590, 716, 678, 435, 716, 712, 343, 343, 665, 343, 1042, 712, 687, 716, 716, 494, 595, 478, 712,
  652, 924, 645, 652, 582, 774, 762, 734, 830, 683, 683, 821, 837, 372, 372, 775, 637, 995, 837, 850, 733,
  850, 770, 720, 682, 812, 774, 1103, 771, 724, 725,
];
const OTHER_EM: Readonly<Record<string, number>> = {
  ' ': 348,
  '-': 415,
  '.': 380,
  ',': 380,
  ':': 400,
  ';': 400,
  "'": 332,
  '"': 521,
  '!': 438,
  '|': 366,
  '/': 365,
  '\\': 365,
  '(': 457,
  ')': 457,
  '[': 457,
  ']': 457,
  '{': 712,
  '}': 712,
  '`': 500,
  '…': 1000,
};
const em = (char: string): number => {
  const letter = LETTERS.indexOf(char);
  if (letter >= 0) return LETTER_EM[letter]!;
  if (char >= '0' && char <= '9') return 696;
  const known = OTHER_EM[char];
  if (known !== undefined) return known;
  // CJK and other wide scripts take a full em; remaining symbols (+ = < > * # % & @ ~ ^ _ ?) about 0.84.
  return char.codePointAt(0)! >= 0x2e80 ? 1000 : 838;
};

/** `text`'s width, px, from DejaVu Sans Bold's widths (`em`). */
export function estimateLegendWidth(text: string, fontSize: number): number {
  let total = 0;
  for (const char of text) total += em(char);
  return (total / 1000) * fontSize;
}
