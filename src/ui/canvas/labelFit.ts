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

type Lines = { lines: string[]; fontSize: number; overflows: boolean };

/** The longest start of `label` that fits `room` at 13 px with its ellipsis (never just '…'). */
function cut(label: string, room: number, measure: MeasureLegend): string {
  const chars = [...label];
  if (measure(label, FONT_SMALL) <= room) return label;
  let fit = 1;
  while (fit < chars.length - 1 && measure(chars.slice(0, fit + 1).join('') + '…', FONT_SMALL) <= room) fit++;
  return chars.slice(0, fit).join('') + '…';
}

/**
 * The first way `label` fits: one line at `preferred` (or 22 px for a single glyph, 16 for short words, 13
 * otherwise), then at 13, then — with `wrap` — two lines split at the space nearest the middle at 13 ('UG hue +'
 * → 'UG hue' / '+'), then the same at 11. Else it is cut with an ellipsis at 13 px (each line, when it has a
 * space) and `overflows` asks for a tooltip. Widths are measured in the legend's font (legendWidth.ts): a flat
 * 0.6 em a character cut legends that fit, such as 'Bright -' on a 1.25u key.
 */
function fit(
  label: string,
  keyWidth: number,
  preferred: number | undefined,
  wrap: boolean,
  measure: MeasureLegend,
): Lines {
  const room = keyWidth - LABEL_INSET;
  const count = [...label].length;
  const first = preferred ?? (count <= 1 ? FONT_LARGE : count <= 5 ? FONT_MEDIUM : FONT_SMALL);
  const spaces = wrap ? [...label.matchAll(/ /g)].map((m) => m.index) : [];
  const at = spaces.reduce(
    (best, i) => (Math.abs(i - label.length / 2) < Math.abs(best - label.length / 2) ? i : best),
    -1,
  );
  const ways = [[label]];
  if (at >= 0) ways.push([label.slice(0, at), label.slice(at + 1)]);
  // A size above 13 (a glyph, a short word) stays one line; 13 and 11 try one line, then two.
  // Above 13 px a minus is measured as the plus it pairs with, so 'Vol -' and 'Vol +' side by side are drawn
  // at the same size; at 13 and 11 as itself, so a legend that fits is never made smaller or cut for it.
  const paired: MeasureLegend = (text, size) => measure(text.replaceAll('-', '+'), size);
  for (const size of first > FONT_SMALL ? [first, FONT_SMALL, FONT_TINY] : [FONT_SMALL, FONT_TINY])
    for (const lines of size > FONT_SMALL ? [[label]] : ways)
      if (lines.every((line) => (size > FONT_SMALL ? paired : measure)(line, size) <= room))
        return { lines, fontSize: size, overflows: false };
  const lines = ways[ways.length - 1]!.map((line) => cut(line, room, measure));
  return { lines, fontSize: FONT_SMALL, overflows: true };
}

/** One line of a key face (a shifted legend's half): `fit` without wrapping. */
export function fitLabel(
  label: string,
  keyWidth: number,
  preferred?: number,
  measure: MeasureLegend = measureLegend,
): { text: string; fontSize: number; overflows: boolean } {
  const { lines, ...rest } = fit(label, keyWidth, preferred, false, measure);
  return { text: lines[0]!, ...rest };
}

/** A key's legend on one line or two: `fit` with wrapping, so a legend is cut only when two lines at 11 px cannot hold it. */
export function fitLines(label: string, keyWidth: number, measure: MeasureLegend = measureLegend): Lines {
  return fit(label, keyWidth, undefined, true, measure);
}
