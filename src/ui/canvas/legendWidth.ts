/** A legend's width in px at a font size in px, in the key face's font (600 weight, the UI font). */
export type MeasureLegend = (text: string, fontSize: number) => number;

/**
 * Advance widths in thousandths of an em of DejaVu Sans Bold (the sans-serif a Linux browser falls back to, and
 * among the widest a key face meets). Used where there is no canvas to measure with (tests, workers): estimating
 * wide keeps a legend from being drawn over its key's edge.
 */
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

/** An estimate of `text`'s width, px, from DejaVu Sans Bold's widths (`em`). */
export function estimateLegendWidth(text: string, fontSize: number): number {
  let total = 0;
  for (const char of text) total += em(char);
  return (total / 1000) * fontSize;
}

let context: OffscreenCanvasRenderingContext2D | null | undefined;
let family = '';
/** Widths measured so far, by size and text (a keyboard's legends are a few hundred strings). */
const measured = new Map<string, number>();
const MEASURED_MAX = 5000;

/** An offscreen canvas: no element in the page (and none in jsdom, which has no canvas to measure with). */
function canvasContext(): OffscreenCanvasRenderingContext2D | null {
  if (context !== undefined) return context;
  context =
    typeof OffscreenCanvas === 'undefined' || typeof document === 'undefined'
      ? null
      : new OffscreenCanvas(1, 1).getContext('2d');
  if (context)
    family = getComputedStyle(document.documentElement).getPropertyValue('--font-ui').trim() || 'sans-serif';
  return context;
}

/**
 * Measures `text` as the key face draws it (`.key-legend`: the UI font, weight 600) with a canvas, where there
 * is one; else `estimateLegendWidth`.
 */
export const measureLegend: MeasureLegend = (text, fontSize) => {
  const ctx = canvasContext();
  if (!ctx) return estimateLegendWidth(text, fontSize);
  const key = `${fontSize}|${text}`;
  let width = measured.get(key);
  if (width === undefined) {
    ctx.font = `600 ${fontSize}px ${family}`;
    width = ctx.measureText(text).width;
    if (measured.size >= MEASURED_MAX) measured.clear();
    measured.set(key, width);
  }
  return width;
};
