import { anyOf, boolean, int, list, map, object, optional, parse, text } from './checks.ts';
import { TABML_MAX_FRAMES } from './tabml.ts';
import { TEXT_MAX_LENGTH } from '../protocol/vendorValues.ts';

/**
 * The feature entries of a vendor keyboard config (/tabkb/configs.json, extended.md §3) that gate the Matrix
 * Lighting and Firmware panes. A malformed entry disables its pane rather than breaking the keyboard.
 */
export const DEFAULT_MAX_FRAMES = 200;

// The Configure screen reads these on the first screen: plain checks, not a schema library (checks.ts).
const matrixLightingSchema = object({
  rows: int(1, 64),
  cols: int(1, 64),
  cdc: optional(boolean),
  // One .tabml header byte holds the frame count (docs/adr/0005).
  maxFrame: map(optional(int(1), DEFAULT_MAX_FRAMES), (n) => Math.min(n, TABML_MAX_FRAMES)),
  importEnable: optional(boolean),
  shareApi: optional(text(1)),
  texts: optional(
    object({
      count: int(1, 32),
      length: map(int(1), (n) => Math.min(n, TEXT_MAX_LENGTH)),
    }),
  ),
});
export interface MatrixLightingConfig {
  rows: number;
  cols: number;
  cdc?: boolean | undefined;
  maxFrame: number;
  importEnable?: boolean | undefined;
  shareApi?: string | undefined;
  texts?: { count: number; length: number } | undefined;
}

const versionPattern = /^\d+\.\d+\.\d+$/;
export interface FirmwareConfig {
  version: string;
  files: string[];
  changeLog?: string | string[] | undefined;
  masterBoot?: string[] | undefined;
}
const firmwareObject = object({
  version: text(1, 64, versionPattern),
  files: optional(list(text(1)), []),
  changeLog: optional(anyOf(text(), list(text()))),
  masterBoot: optional(list(text())),
});
const firmwareSchema = anyOf(
  // The short form of the vendor's list: just the latest version.
  map(text(1, 64, versionPattern), (version): FirmwareConfig => ({ version, files: [] })),
  firmwareObject,
);

export function matrixLightingConfig(raw: unknown): MatrixLightingConfig | null {
  return parse(matrixLightingSchema, raw);
}

export function firmwareConfig(raw: unknown): FirmwareConfig | null {
  return parse(firmwareSchema, raw);
}

/** 'a.b.c' → major<<8 | minor<<4 | patch (extended.md §4); the device reports versions this way. */
export function encodeVersion(version: string): number {
  const [major = 0, minor = 0, patch = 0] = version.split('.').map(Number);
  return (major << 8) | (minor << 4) | patch;
}

export function formatVersion(encoded: number): string {
  return `${(encoded >> 8) & 0xff}.${(encoded >> 4) & 0xf}.${encoded & 0xf}`;
}
