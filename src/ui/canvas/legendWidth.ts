/** A legend's width in px at a font size in px, in the key face's font (600 weight, the UI font). */
export type MeasureLegend = (text: string, fontSize: number) => number;

/** Without a canvas (jsdom), an average glyph of 0.6 em: the estimate the canvas replaced. */
const GLYPH_EM = 0.6;

let context: OffscreenCanvasRenderingContext2D | null | undefined;
let family = '';

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
 * is one; else 0.6 em a character.
 */
export const measureLegend: MeasureLegend = (text, fontSize) => {
  const ctx = canvasContext();
  if (!ctx) return [...text].length * GLYPH_EM * fontSize;
  // No cache: a keyboard's few hundred legends measure in well under a millisecond.
  ctx.font = `600 ${fontSize}px ${family}`;
  return ctx.measureText(text).width;
};
