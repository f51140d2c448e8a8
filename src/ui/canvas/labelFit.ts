/** Labels longer than this get a tooltip (core.md §2). */
export const LABEL_TOOLTIP_THRESHOLD = 15;
export const FONT_LARGE = 22;
export const FONT_MEDIUM = 16;
export const FONT_SMALL = 13;
// Average glyph width as a share of the font size, for the UI font at these sizes.
const GLYPH_WIDTH = 0.6;
/** The room a legend leaves at the key's edges, px. */
export const LABEL_INSET = 8;

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
    if (chars.length * size * GLYPH_WIDTH <= keyWidth - LABEL_INSET)
      return { text: label, fontSize: size, overflows: false };
  }
  const fit = Math.max(1, Math.floor((keyWidth - LABEL_INSET) / (FONT_SMALL * GLYPH_WIDTH)) - 1);
  return { text: chars.slice(0, fit).join('') + '…', fontSize: FONT_SMALL, overflows: true };
}

/**
 * A label that does not fit one line at 13 px wraps at the space nearest its middle ('UG hue +' →
 * 'UG hue' / '+'), so a legend is cut only when even two lines cannot hold it.
 */
export function fitLines(
  label: string,
  keyWidth: number,
): { lines: string[]; fontSize: number; overflows: boolean } {
  const one = fitLabel(label, keyWidth);
  const spaces = [...label.matchAll(/ /g)].map((m) => m.index);
  if (!one.overflows || spaces.length === 0) return { lines: [one.text], ...one };
  const middle = label.length / 2;
  const at = spaces.reduce((best, i) => (Math.abs(i - middle) < Math.abs(best - middle) ? i : best));
  const parts = [label.slice(0, at), label.slice(at + 1)].map((p) => fitLabel(p, keyWidth, FONT_SMALL));
  return {
    lines: parts.map((p) => p.text),
    fontSize: FONT_SMALL,
    overflows: parts.some((p) => p.overflows),
  };
}
