import { measureLegend, type MeasureLegend } from './legendWidth.ts';

/** Labels longer than this get a tooltip (core.md §2). */
export const LABEL_TOOLTIP_THRESHOLD = 15;
export const FONT_LARGE = 22;
export const FONT_MEDIUM = 16;
export const FONT_SMALL = 13;
/** The room a legend leaves at the key's edges, px. */
export const LABEL_INSET = 8;

/** The smallest legend size, tried before a legend is cut (the theme's smallest text, --font-size-xs). */
export const FONT_TINY = 11;

type Fit = { text: string; fontSize: number; overflows: boolean };

/** The longest start of `label` that fits `room` with its ellipsis (at least one character: never just '…'). */
function truncate(label: string, room: number, size: number, measure: MeasureLegend): Fit {
  const chars = [...label];
  let fit = 1;
  while (fit < chars.length - 1 && measure(chars.slice(0, fit + 1).join('') + '…', size) <= room) fit++;
  return { text: chars.slice(0, fit).join('') + '…', fontSize: size, overflows: true };
}

/**
 * Picks the key-face font size (22 px for a single glyph, 16 for short words, 13 otherwise; 11 before giving up)
 * and truncates with an ellipsis when even 11 px does not fit; `overflows` then asks for a tooltip. Widths are
 * measured in the legend's own font (`measure`, legendWidth.ts): a flat 0.6 em per character cut legends that
 * fit, such as 'Bright -' on a 1.25u key.
 */
export function fitLabel(
  label: string,
  keyWidth: number,
  preferred?: number,
  measure: MeasureLegend = measureLegend,
): Fit {
  const chars = [...label];
  const room = keyWidth - LABEL_INSET;
  const fontSize =
    preferred ?? (chars.length <= 1 ? FONT_LARGE : chars.length <= 5 ? FONT_MEDIUM : FONT_SMALL);
  for (const size of [fontSize, FONT_SMALL, FONT_TINY]) {
    if (size <= fontSize && measure(label, size) <= room)
      return { text: label, fontSize: size, overflows: false };
  }
  return truncate(label, room, FONT_SMALL, measure);
}

/**
 * A label that does not fit one line at 13 px wraps at the space nearest its middle ('UG hue +' →
 * 'UG hue' / '+'); two lines at 13 px come before one at 11, and two at 11 before a cut, so a legend is cut only
 * when even two lines at 11 px cannot hold it (then both lines are cut at 13 px, as before there was 11).
 */
export function fitLines(
  label: string,
  keyWidth: number,
  measure: MeasureLegend = measureLegend,
): { lines: string[]; fontSize: number; overflows: boolean } {
  const room = keyWidth - LABEL_INSET;
  const one = fitLabel(label, keyWidth, undefined, measure);
  const spaces = [...label.matchAll(/ /g)].map((m) => m.index);
  if (spaces.length === 0) return { lines: [one.text], ...one };
  if (!one.overflows && one.fontSize >= FONT_SMALL) return { lines: [one.text], ...one };
  const middle = label.length / 2;
  const at = spaces.reduce((best, i) => (Math.abs(i - middle) < Math.abs(best - middle) ? i : best));
  const halves = [label.slice(0, at), label.slice(at + 1)];
  const twoFit = (size: number) => halves.every((h) => measure(h, size) <= room);
  if (twoFit(FONT_SMALL)) return { lines: halves, fontSize: FONT_SMALL, overflows: false };
  if (!one.overflows) return { lines: [one.text], ...one };
  if (twoFit(FONT_TINY)) return { lines: halves, fontSize: FONT_TINY, overflows: false };
  const parts = halves.map((h) =>
    measure(h, FONT_SMALL) <= room ? { text: h, overflows: false } : truncate(h, room, FONT_SMALL, measure),
  );
  return {
    lines: parts.map((p) => p.text),
    fontSize: FONT_SMALL,
    overflows: parts.some((p) => p.overflows),
  };
}
