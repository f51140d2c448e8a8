import { parseKeycode } from './parse.ts';

/**
 * Keycode modal ('Any' key): Confirm is enabled only when the trimmed, case-insensitive input is a known
 * name, a valid advanced expression, or hex `0x` + 1–4 digits (≤ 0xFFFF, leading zeros allowed).
 */
export function isValidModalKeycode(text: string, protocol: number): boolean {
  return parseKeycode(text, protocol) !== null;
}

/**
 * Custom encoder input (core.md §5): trimmed and upper-cased, then a name, an advanced expression, or
 * `0X` + 1–4 hex digits. Returns the keycode, or null to show the field as an error.
 */
export function parseEncoderKeycodeInput(text: string, protocol: number): number | null {
  const value = text.trim().toUpperCase();
  if (/^0X[0-9A-F]{1,4}$/.test(value)) return parseInt(value.slice(2), 16);
  return parseKeycode(value, protocol);
}
