import { boolean, int, object, optional, string, tryRead, type ReaderOutput } from './shape.ts';
import { MATRIX_MAX_FRAMES, TEXT_MAX_LENGTH } from '../qmk/vendorLimits.ts';

/**
 * The feature entry of a vendor keyboard config (/tabkb/configs.json, extended.md §3) that gates the Matrix
 * Lighting pane (the Firmware pane's is firmwareConfig.ts). A malformed entry disables its pane rather than
 * breaking the keyboard.
 */
export const DEFAULT_MAX_FRAMES = 200;

const readMatrixLighting = object({
  rows: int(1, 64),
  cols: int(1, 64),
  cdc: optional(boolean),
  maxFrame: optional(int(1)),
  importEnable: optional(boolean),
  shareApi: optional(string({ min: 1 })),
  texts: optional(object({ count: int(1, 32), length: int(1) })),
});
export type MatrixLightingConfig = Omit<ReaderOutput<typeof readMatrixLighting>, 'maxFrame'> & {
  maxFrame: number;
};

export function matrixLightingConfig(raw: unknown): MatrixLightingConfig | null {
  // Most boards have no entry: say so without building the reader's error.
  if (raw === undefined) return null;
  const parsed = tryRead(readMatrixLighting, raw);
  if (!parsed.ok) return null;
  const { maxFrame, texts, ...rest } = parsed.value;
  return {
    ...rest,
    // One .tabml header byte holds the frame count (docs/adr/0005).
    maxFrame: Math.min(maxFrame ?? DEFAULT_MAX_FRAMES, MATRIX_MAX_FRAMES),
    ...(texts && { texts: { count: texts.count, length: Math.min(texts.length, TEXT_MAX_LENGTH) } }),
  };
}
