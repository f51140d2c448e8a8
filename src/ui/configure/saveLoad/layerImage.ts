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

/**
 * A standalone SVG document of a drawn keyboard: the canvas's own SVG with its CSS (theme variables resolved)
 * written onto each element, legends kept as text, and `caption` (the keyboard and layer) in the frame's top
 * margin and as the document's title. Styles go through the CSSOM: a `style` attribute set as text would be an
 * inline style the Content-Security-Policy refuses (and reports), even on a copy that is never shown.
 */
export function standaloneSvg(svg: SVGSVGElement, caption: string): string {
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
  // In the frame's top margin, over the first key's left edge (keys start at FRAME_PADDING), in the page's text
  // colour on the frame's fill.
  text.setAttribute('x', String(FRAME_PADDING));
  text.setAttribute('y', String(FRAME_PADDING - 9));
  const page = getComputedStyle(svg.querySelector('.key-legend') ?? svg);
  text.style.setProperty('fill', getComputedStyle(document.body).color);
  text.style.setProperty('font-family', page.fontFamily);
  text.style.setProperty('font-size', '13px');
  text.style.setProperty('font-weight', '600');
  copy.prepend(title);
  // The frame is the drawing's first rectangle (class names are gone from the copy).
  copy.querySelector('rect')?.after(text);
  copy.setAttribute('xmlns', ns);
  copy.setAttribute('height', String(svg.viewBox.baseVal.height));
  copy.setAttribute('width', String(svg.viewBox.baseVal.width));
  return `<?xml version="1.0" encoding="UTF-8"?>\n${new XMLSerializer().serializeToString(copy)}`;
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
