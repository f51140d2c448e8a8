/** Crop frames, scaling and overlay placement for screen media, on plain RGBA buffers. */
export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The largest frame of the output's aspect ratio that fits the media, centred. */
export function initialCrop(
  mediaWidth: number,
  mediaHeight: number,
  outWidth: number,
  outHeight: number,
): Rect {
  const ratio = outWidth / outHeight;
  const width = Math.min(mediaWidth, Math.round(mediaHeight * ratio));
  const height = Math.min(mediaHeight, Math.round(width / ratio));
  return {
    x: Math.floor((mediaWidth - width) / 2),
    y: Math.floor((mediaHeight - height) / 2),
    width,
    height,
  };
}

/** Moves a crop frame, kept inside the media. */
export function moveCrop(crop: Rect, dx: number, dy: number, mediaWidth: number, mediaHeight: number): Rect {
  return {
    ...crop,
    x: Math.round(Math.max(0, Math.min(mediaWidth - crop.width, crop.x + dx))),
    y: Math.round(Math.max(0, Math.min(mediaHeight - crop.height, crop.y + dy))),
  };
}

/** Bilinear resampling of the `crop` region of an RGBA picture to outWidth × outHeight. */
export function scaleRgba(
  source: Uint8ClampedArray | Uint8Array,
  sourceWidth: number,
  sourceHeight: number,
  crop: Rect,
  outWidth: number,
  outHeight: number,
): Uint8ClampedArray {
  const out = new Uint8ClampedArray(outWidth * outHeight * 4);
  const sx = crop.width / outWidth;
  const sy = crop.height / outHeight;
  for (let y = 0; y < outHeight; y++) {
    const fy = Math.min(Math.max(crop.y + (y + 0.5) * sy - 0.5, 0), sourceHeight - 1);
    const y0 = Math.floor(fy);
    const y1 = Math.min(y0 + 1, sourceHeight - 1);
    const wy = fy - y0;
    for (let x = 0; x < outWidth; x++) {
      const fx = Math.min(Math.max(crop.x + (x + 0.5) * sx - 0.5, 0), sourceWidth - 1);
      const x0 = Math.floor(fx);
      const x1 = Math.min(x0 + 1, sourceWidth - 1);
      const wx = fx - x0;
      for (let c = 0; c < 4; c++) {
        const top =
          source[(y0 * sourceWidth + x0) * 4 + c]! * (1 - wx) + source[(y0 * sourceWidth + x1) * 4 + c]! * wx;
        const bottom =
          source[(y1 * sourceWidth + x0) * 4 + c]! * (1 - wx) + source[(y1 * sourceWidth + x1) * 4 + c]! * wx;
        out[(y * outWidth + x) * 4 + c] = Math.round(top * (1 - wy) + bottom * wy);
      }
    }
  }
  return out;
}

/** The largest size with this aspect ratio inside maxWidth × maxHeight. */
export function fitInside(
  width: number,
  height: number,
  maxWidth: number,
  maxHeight: number,
): { width: number; height: number } {
  const scale = Math.min(maxWidth / width, maxHeight / height, 1);
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

export const MIN_FOREGROUND = 10;

/**
 * Resizes an overlay to `width` keeping its aspect ratio: never under 10 px on either side, never past the
 * area's edges (extended.md §5).
 */
export function resizeForeground(item: Rect, width: number, area: { width: number; height: number }): Rect {
  const ratio = item.width / item.height;
  const minWidth = Math.max(MIN_FOREGROUND, MIN_FOREGROUND * ratio);
  const maxWidth = Math.min(area.width - item.x, (area.height - item.y) * ratio);
  const w = Math.max(Math.min(width, maxWidth), Math.min(minWidth, maxWidth));
  return { ...item, width: Math.round(w), height: Math.round(w / ratio) };
}

/** Images of a folder the slider takes: jpeg, png and bmp, by name (extended.md §5). */
export function sliderImages<T extends { name: string }>(files: readonly T[]): T[] {
  return files
    .filter((f) => /\.(jpe?g|png|bmp)$/i.test(f.name))
    .sort((a, b) => a.name.localeCompare(b.name, undefined, { numeric: true }));
}
