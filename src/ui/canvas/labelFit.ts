/** Labels longer than this get a tooltip (core.md §2). */
export const LABEL_TOOLTIP_THRESHOLD = 15;
export const FONT_LARGE = 22;
export const FONT_MEDIUM = 16;
export const FONT_SMALL = 13;
// Average glyph width as a share of the font size, for the UI font at these sizes.
const GLYPH_WIDTH = 0.6;
const INSET = 8;

/**
 * Picks the key-face font size (22 px for a single glyph, 16 for short words, 13 otherwise) and truncates
 * with an ellipsis when even 13 px does not fit; `overflows` then asks for a tooltip.
 */
export function fitLabel(
  label: string,
  keyWidth: number,
  preferred?: number,
): { text: string; fontSize: number; overflows: boolean } {
  const chars = [...label];
  const fontSize =
    preferred ?? (chars.length <= 1 ? FONT_LARGE : chars.length <= 5 ? FONT_MEDIUM : FONT_SMALL);
  for (const size of [fontSize, FONT_SMALL]) {
    if (chars.length * size * GLYPH_WIDTH <= keyWidth - INSET)
      return { text: label, fontSize: size, overflows: false };
  }
  const fit = Math.max(1, Math.floor((keyWidth - INSET) / (FONT_SMALL * GLYPH_WIDTH)) - 1);
  return { text: chars.slice(0, fit).join('') + '…', fontSize: FONT_SMALL, overflows: true };
}
