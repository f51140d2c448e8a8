/** A legend's width in px at a font size in px, in the key face's font (600 weight, the UI font). */
export type MeasureLegend = (text: string, fontSize: number) => number;

let context: OffscreenCanvasRenderingContext2D | null | undefined;
let family: string | undefined;

/**
 * Measures `text` as the key face draws it (`.key-legend`: the page's font list, weight 600) on an offscreen
 * canvas: no element in the page. Without one (jsdom), 0.6 em a character, the estimate the canvas replaced.
 * No cache: a keyboard's few hundred legends measure in well under a millisecond.
 */
export const measureLegend: MeasureLegend = (text, fontSize) => {
  context ??= typeof OffscreenCanvas === 'undefined' ? null : new OffscreenCanvas(1, 1).getContext('2d');
  if (!context) return [...text].length * 0.6 * fontSize;
  family ??= getComputedStyle(document.body).fontFamily;
  context.font = `600 ${fontSize}px ${family}`;
  return context.measureText(text).width;
};
