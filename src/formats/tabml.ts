/**
 * The matrix-lighting file (.tabml, extended.md §3): a 32-byte header — 'tabml', frame count, fps, rows, cols,
 * zero padding — then RGB triples frame by frame, row by row. Layout in docs/adr/0005-bulk-transfers.md.
 */
export const TABML_MARKER = 'tabml';
export const TABML_HEADER = 32;
/** One header byte holds the frame count (the constant lives with the protocol's: the first screen reads it). */
export { MATRIX_MAX_FRAMES as TABML_MAX_FRAMES } from '../qmk/vendorLimits.ts';
export const INVALID_DATA = 'Could not load file: invalid data.';

export interface TabmlContent {
  frames: number;
  fps: number;
  rows: number;
  cols: number;
  data: Uint8Array;
}

/**
 * The file's name: the keyboard's (as its layout files are named) and the grid's size,
 * `Keyloom Aurora 75`, 16 × 5 → `keyloom_aurora_75_lighting_16_5.tabml`; `keyloom_lighting_…` without a name.
 */
export function fileName(keyboardName: string, cols: number, rows: number): string {
  const slug = keyboardName
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_|_$/g, '');
  return `${slug || 'keyloom'}_lighting_${cols}_${rows}.tabml`;
}

export function encodeTabml(content: TabmlContent): Uint8Array {
  const out = new Uint8Array(TABML_HEADER + content.data.length);
  out.set(new TextEncoder().encode(TABML_MARKER));
  out.set([content.frames, content.fps, content.rows, content.cols], TABML_MARKER.length);
  out.set(content.data, TABML_HEADER);
  return out;
}

/** Reads a .tabml file for a keyboard with this LED grid; any mismatch is the spec's 'invalid data' message. */
export function decodeTabml(
  bytes: Uint8Array,
  grid: { rows: number; cols: number },
): TabmlContent | { error: string } {
  const marker = new TextDecoder().decode(bytes.subarray(0, TABML_MARKER.length));
  if (bytes.length < TABML_HEADER || marker !== TABML_MARKER) return { error: INVALID_DATA };
  const [frames, fps, rows, cols] = bytes.subarray(TABML_MARKER.length, TABML_MARKER.length + 4);
  const data = bytes.subarray(TABML_HEADER);
  if (!frames || rows !== grid.rows || cols !== grid.cols || data.length !== frames * rows * cols * 3)
    return { error: INVALID_DATA };
  return { frames, fps: fps!, rows, cols, data: data.slice() };
}
