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
  /** The files' addresses, as written. */
  files: string[];
  changeLog?: string | string[] | undefined;
  masterBoot?: string[] | undefined;
  /**
   * Hosts (besides the app's own origin) firmware may be downloaded from, e.g. "downloads.vendor.example".
   * Each must also be in the Content-Security-Policy's connect-src (docs/firmware-integrity.md).
   */
  hosts: string[];
  /** The expected SHA-256 (lower-case hex) of each file that gave one, by its address as written. */
  sha256: Record<string, string>;
}
/** A firmware file: its address, or its address and the SHA-256 (hex) it must have (issue #18.5). */
const firmwareFile = anyOf(text(1), object({ url: text(1), sha256: text(64, 64, /^[0-9a-fA-F]{64}$/) }));
const firmwareObject = map(
  object({
    version: text(1, 64, versionPattern),
    files: optional(list(firmwareFile), []),
    changeLog: optional(anyOf(text(), list(text()))),
    masterBoot: optional(list(text())),
    hosts: optional(list(text(1, 253, /^[a-z0-9.-]+(:\d+)?$/i)), []),
  }),
  ({ files, ...rest }): FirmwareConfig => ({
    ...rest,
    files: files.map((f) => (typeof f === 'string' ? f : f.url)),
    sha256: Object.fromEntries(
      files.flatMap((f) => (typeof f === 'string' ? [] : [[f.url, f.sha256.toLowerCase()] as const])),
    ),
  }),
);
const firmwareSchema = anyOf(
  // The short form of the vendor's list: just the latest version.
  map(text(1, 64, versionPattern), (version): FirmwareConfig => ({ version, files: [], sha256: {}, hosts: [] })),
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
