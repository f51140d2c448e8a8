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
 * written onto each element, legends kept as text.
 */
export function standaloneSvg(svg: SVGSVGElement): string {
  const copy = svg.cloneNode(true) as SVGSVGElement;
  const sources = [svg, ...svg.querySelectorAll('*')];
  const targets = [copy, ...copy.querySelectorAll('*')];
  sources.forEach((source, i) => {
    const target = targets[i] as SVGElement;
    const computed = getComputedStyle(source);
    const style = STYLED_PROPERTIES.map((p) => `${p}:${computed.getPropertyValue(p)}`).join(';');
    target.setAttribute('style', style);
    for (const attr of ['tabindex', 'role', 'aria-pressed', 'data-testid', 'class'])
      target.removeAttribute(attr);
  });
  copy.setAttribute('xmlns', 'http://www.w3.org/2000/svg');
  copy.setAttribute('height', String(svg.viewBox.baseVal.height));
  copy.setAttribute('width', String(svg.viewBox.baseVal.width));
  return `<?xml version="1.0" encoding="UTF-8"?>\n${new XMLSerializer().serializeToString(copy)}`;
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
