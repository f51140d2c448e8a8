/**
 * Matrix-lighting animation editing as pure functions (extended.md §4 "Matrix frames"). A frame is rows × cols
 * RGB cells stored as one byte array (row by row, 3 bytes per cell), the same order the keyboard and the
 * .tabml file use, so saving never converts.
 */
export interface Rgb {
  r: number;
  g: number;
  b: number;
}

export interface Animation {
  rows: number;
  cols: number;
  frames: Uint8Array[];
  /** The frame being edited. */
  index: number;
}

export type Direction = 'left' | 'right' | 'up' | 'down';

export const FPS_OPTIONS = [5, 10, 15, 20] as const;
export const DEFAULT_FPS = 10;
export const WHITE: Rgb = { r: 255, g: 255, b: 255 };
export const BLACK: Rgb = { r: 0, g: 0, b: 0 };

export function blankFrame(rows: number, cols: number): Uint8Array {
  return new Uint8Array(rows * cols * 3);
}

export function newAnimation(rows: number, cols: number): Animation {
  return { rows, cols, frames: [blankFrame(rows, cols)], index: 0 };
}

const withFrames = (a: Animation, frames: Uint8Array[], index: number): Animation => ({
  ...a,
  frames,
  index: Math.max(0, Math.min(index, frames.length - 1)),
});

/** Inserts a blank frame after the current one and selects it; nothing at the frame limit. */
export function addFrame(a: Animation, maxFrames: number): Animation {
  if (a.frames.length >= maxFrames) return a;
  const frames = [...a.frames];
  frames.splice(a.index + 1, 0, blankFrame(a.rows, a.cols));
  return withFrames(a, frames, a.index + 1);
}

/** Duplicates the current frame after itself and selects the copy; nothing at the frame limit. */
export function copyFrame(a: Animation, maxFrames: number): Animation {
  if (a.frames.length >= maxFrames) return a;
  const frames = [...a.frames];
  frames.splice(a.index + 1, 0, a.frames[a.index]!.slice());
  return withFrames(a, frames, a.index + 1);
}

/** Removes the current frame; the only frame is cleared instead; the index stays in range. */
export function deleteFrame(a: Animation): Animation {
  if (a.frames.length === 1) return withFrames(a, [blankFrame(a.rows, a.cols)], 0);
  return withFrames(
    a,
    a.frames.filter((_, i) => i !== a.index),
    a.index,
  );
}

/** One blank frame. */
export function deleteAll(a: Animation): Animation {
  return newAnimation(a.rows, a.cols);
}

/** The next frame, wrapping to the first (playback). */
export function nextFrame(a: Animation): Animation {
  return { ...a, index: (a.index + 1) % a.frames.length };
}

export function selectFrame(a: Animation, index: number): Animation {
  return withFrames(a, a.frames, index);
}

/** Moves the current frame to `to` and keeps it selected. */
export function moveFrame(a: Animation, to: number): Animation {
  const target = Math.max(0, Math.min(to, a.frames.length - 1));
  if (target === a.index) return a;
  const frames = [...a.frames];
  const [moved] = frames.splice(a.index, 1);
  frames.splice(target, 0, moved!);
  return withFrames(a, frames, target);
}

/** Makes the current frame black (Reset). */
export function clearFrame(a: Animation): Animation {
  return replaceFrame(a, blankFrame(a.rows, a.cols));
}

export function replaceFrame(a: Animation, frame: Uint8Array): Animation {
  return { ...a, frames: a.frames.map((f, i) => (i === a.index ? frame : f)) };
}

export function cellColor(a: Animation, row: number, col: number, frame = a.frames[a.index]!): Rgb {
  const at = (row * a.cols + col) * 3;
  return { r: frame[at]!, g: frame[at + 1]!, b: frame[at + 2]! };
}

/** Paints one cell of the current frame; a cell outside the grid is ignored. */
export function paint(a: Animation, row: number, col: number, color: Rgb): Animation {
  if (
    !Number.isInteger(row) ||
    !Number.isInteger(col) ||
    row < 0 ||
    col < 0 ||
    row >= a.rows ||
    col >= a.cols
  )
    return a;
  const current = cellColor(a, row, col);
  if (current.r === color.r && current.g === color.g && current.b === color.b) return a;
  const frame = a.frames[a.index]!.slice();
  frame.set([color.r, color.g, color.b], (row * a.cols + col) * 3);
  return replaceFrame(a, frame);
}

/** Shifts the current picture one cell; what leaves one edge comes back on the other. */
export function shift(a: Animation, direction: Direction): Animation {
  const { rows, cols } = a;
  const source = a.frames[a.index]!;
  const frame = blankFrame(rows, cols);
  const [dr, dc] = ({ left: [0, -1], right: [0, 1], up: [-1, 0], down: [1, 0] } as const)[direction];
  for (let r = 0; r < rows; r++)
    for (let c = 0; c < cols; c++) {
      const to = (((r + dr + rows) % rows) * cols + ((c + dc + cols) % cols)) * 3;
      frame.set(source.subarray((r * cols + c) * 3, (r * cols + c) * 3 + 3), to);
    }
  return replaceFrame(a, frame);
}

/** All frames as one byte run, for the keyboard and the .tabml file. */
export function animationData(a: Animation): Uint8Array {
  const frameSize = a.rows * a.cols * 3;
  const out = new Uint8Array(a.frames.length * frameSize);
  a.frames.forEach((f, i) => out.set(f, i * frameSize));
  return out;
}

export function fromData(rows: number, cols: number, frameCount: number, data: Uint8Array): Animation {
  const size = rows * cols * 3;
  return {
    rows,
    cols,
    frames: Array.from({ length: frameCount }, (_, i) => data.slice(i * size, (i + 1) * size)),
    index: 0,
  };
}

/** The nearest supported frame rate (files may carry any). */
export function nearestFps(fps: number): number {
  return FPS_OPTIONS.reduce((best, f) => (Math.abs(f - fps) < Math.abs(best - fps) ? f : best), DEFAULT_FPS);
}

/** Downsamples an RGBA picture (any size) to one frame: each cell is the average of the pixels it covers. */
export function frameFromRgba(
  rgba: Uint8ClampedArray | Uint8Array,
  width: number,
  height: number,
  rows: number,
  cols: number,
): Uint8Array {
  const frame = blankFrame(rows, cols);
  for (let r = 0; r < rows; r++)
    for (let c = 0; c < cols; c++) {
      const [y0, y1] = [
        Math.floor((r * height) / rows),
        Math.max(Math.floor(((r + 1) * height) / rows), Math.floor((r * height) / rows) + 1),
      ];
      const [x0, x1] = [
        Math.floor((c * width) / cols),
        Math.max(Math.floor(((c + 1) * width) / cols), Math.floor((c * width) / cols) + 1),
      ];
      const sum: [number, number, number] = [0, 0, 0];
      let n = 0;
      for (let y = y0; y < Math.min(y1, height); y++)
        for (let x = x0; x < Math.min(x1, width); x++) {
          const at = (y * width + x) * 4;
          // Transparent pixels count as unlit LEDs.
          const alpha = rgba[at + 3]! / 255;
          sum[0] += rgba[at]! * alpha;
          sum[1] += rgba[at + 1]! * alpha;
          sum[2] += rgba[at + 2]! * alpha;
          n++;
        }
      if (n > 0)
        frame.set(
          sum.map((v) => Math.round(v / n)),
          (r * cols + c) * 3,
        );
    }
  return frame;
}

/** '#rrggbb' for a colour. */
export function rgbToHex({ r, g, b }: Rgb): string {
  return '#' + [r, g, b].map((v) => v.toString(16).padStart(2, '0')).join('');
}

/**
 * The hex colour field's rules (extended.md §5): non-hex characters are stripped, '#' leads, at most 7
 * characters; `color` is set only for 3 or 6 digits (3 expanded).
 */
export function hexInput(text: string): { text: string; color: Rgb | null } {
  const digits = text.replace(/[^0-9a-fA-F]/g, '').slice(0, 6);
  const shown = '#' + digits;
  const full =
    digits.length === 3 ? [...digits].map((d) => d + d).join('') : digits.length === 6 ? digits : null;
  if (!full) return { text: shown, color: null };
  const n = parseInt(full, 16);
  return { text: shown, color: { r: (n >> 16) & 255, g: (n >> 8) & 255, b: n & 255 } };
}
