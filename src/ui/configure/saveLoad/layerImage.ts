import { FRAME_PADDING } from '../../../definitions/geometry.ts';

// Styles the exported picture needs, copied from the page's computed CSS so the file stands alone.
const STYLED_PROPERTIES = [
  'fill',
  'stroke',
  'stroke-width',
  'stroke-opacity',
  'font-family',
  'font-size',
  'font-weight',
  'text-anchor',
] as const;

// The caption's size, its distance below the frame's top edge, and the band the picture gains above the keys
// for it (px of the drawing): the caption then stands clear of the frame's edge and of the first key row.
const CAPTION_SIZE = 13;
const CAPTION_TOP = 12;
const CAPTION_BAND = 28;

/**
 * A standalone SVG document of a drawn keyboard: the canvas's own SVG with its CSS (theme variables resolved)
 * written onto each element, legends kept as text, and `caption` (the keyboard and layer) in the frame's top
 * margin and as the document's title. Styles go through the CSSOM: a `style` attribute set as text would be an
 * inline style the Content-Security-Policy refuses (and reports), even on a copy that is never shown. Gives the
 * document and its size in px (the canvas's, with the caption's band above it).
 */
export function standaloneSvg(
  svg: SVGSVGElement,
  caption: string,
): { text: string; width: number; height: number } {
  const copy = svg.cloneNode(true) as SVGSVGElement;
  const sources = [svg, ...svg.querySelectorAll('*')];
  const targets = [copy, ...copy.querySelectorAll('*')];
  sources.forEach((source, i) => {
    const target = targets[i] as SVGElement;
    const computed = getComputedStyle(source);
    for (const p of STYLED_PROPERTIES) target.style.setProperty(p, computed.getPropertyValue(p));
    for (const attr of ['tabindex', 'role', 'aria-pressed', 'data-testid', 'class'])
      target.removeAttribute(attr);
  });
  const ns = 'http://www.w3.org/2000/svg';
  const title = document.createElementNS(ns, 'title');
  title.textContent = caption;
  const text = document.createElementNS(ns, 'text');
  text.textContent = caption;
  // The caption gets a band of its own above the keys: the picture grows upward by CAPTION_BAND (the viewBox
  // starts above 0) and the frame with it, so the keys keep their coordinates. In the frame's top margin it
  // touched both the frame's edge and the first key row. It starts over the first key's left edge (keys start
  // at FRAME_PADDING), in the page's text colour on the frame's fill.
  const box = svg.viewBox.baseVal;
  const frame = copy.querySelector('rect');
  if (frame) {
    frame.setAttribute('y', String(frame.y.baseVal.value - CAPTION_BAND));
    frame.setAttribute('height', String(frame.height.baseVal.value + CAPTION_BAND));
  }
  const frameTop = frame ? frame.y.baseVal.value : box.y - CAPTION_BAND;
  text.setAttribute('x', String(FRAME_PADDING));
  text.setAttribute('y', String(frameTop + CAPTION_TOP + CAPTION_SIZE));
  const page = getComputedStyle(svg.querySelector('.key-legend') ?? svg);
  text.style.setProperty('fill', getComputedStyle(document.body).color);
  text.style.setProperty('font-family', page.fontFamily);
  text.style.setProperty('font-size', `${CAPTION_SIZE}px`);
  text.style.setProperty('font-weight', '600');
  copy.prepend(title);
  // The frame is the drawing's first rectangle (class names are gone from the copy).
  frame?.after(text);
  copy.setAttribute('xmlns', ns);
  copy.setAttribute('viewBox', `${box.x} ${box.y - CAPTION_BAND} ${box.width} ${box.height + CAPTION_BAND}`);
  copy.setAttribute('height', String(box.height + CAPTION_BAND));
  copy.setAttribute('width', String(box.width));
  return {
    text: `<?xml version="1.0" encoding="UTF-8"?>\n${new XMLSerializer().serializeToString(copy)}`,
    width: box.width,
    height: box.height + CAPTION_BAND,
  };
}

/**
 * The pictures' file name without extension: the keyboard, the layer's number and its name (when it has one) as
 * lower-case words joined by '_' ('keyloom_aurora_75_layer_3_gaming'); `fallback` stands in for a nameless keyboard.
 */
export function pictureBaseName(
  keyboardName: string,
  layer: number,
  layerName: string,
  fallback = 'keyboard',
) {
  const slug = (text: string) =>
    text
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '_')
      .replace(/^_|_$/g, '');
  return [slug(keyboardName) || fallback, `layer_${layer}`, slug(layerName)].filter(Boolean).join('_');
}

/** A PNG of the SVG text at `scale` × its size (2: sharp on high-density screens and in documents). */
export async function pngFromSvg(svgText: string, width: number, height: number, scale = 2): Promise<Blob> {
  const url = URL.createObjectURL(new Blob([svgText], { type: 'image/svg+xml' }));
  try {
    const image = new Image();
    image.src = url;
    await image.decode();
    const canvas = document.createElement('canvas');
    canvas.width = Math.round(width * scale);
    canvas.height = Math.round(height * scale);
    const context = canvas.getContext('2d');
    if (!context) throw new Error('This browser cannot draw images.');
    context.drawImage(image, 0, 0, canvas.width, canvas.height);
    return await new Promise<Blob>((resolve, reject) =>
      canvas.toBlob(
        (blob) => (blob ? resolve(blob) : reject(new Error('PNG encoding failed.'))),
        'image/png',
      ),
    );
  } finally {
    URL.revokeObjectURL(url);
  }
}
