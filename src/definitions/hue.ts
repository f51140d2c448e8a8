/**
 * Hue in two units: QMK stores it in one byte (0–255 for the full circle); people and colour pickers use
 * degrees (0–360). core.md §5: a hue outside 0–360 is refused with 'Invalid hue'.
 */
export const INVALID_HUE = 'Invalid hue';

/**
 * Degrees (0–360, 360 being 0 again) to the hue byte QMK stores.
 * @throws Error 'Invalid hue' for a value outside 0–360 or not a number.
 */
export function hueDegreesToByte(degrees: number): number {
  if (!Number.isFinite(degrees) || degrees < 0 || degrees > 360) throw new Error(INVALID_HUE);
  return Math.round((degrees / 360) * 255);
}

/** The hue byte (0–255) in whole degrees. */
export function hueByteToDegrees(byte: number): number {
  return Math.round((byte / 255) * 360);
}
