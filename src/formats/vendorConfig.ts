import {
  arrayOf,
  boolean,
  either,
  int,
  object,
  optional,
  string,
  tryRead,
  withDefault,
  type ReaderOutput,
} from './shape.ts';
import { MATRIX_MAX_FRAMES, TEXT_MAX_LENGTH } from '../protocol/vendorValues.ts';

/**
 * The feature entries of a vendor keyboard config (/tabkb/configs.json, extended.md §3) that gate the Matrix
 * Lighting and Firmware panes. A malformed entry disables its pane rather than breaking the keyboard.
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

const versionPattern = /^\d+\.\d+\.\d+$/;
const readVersion = string({ pattern: versionPattern });
/** A firmware file: its address, or its address and the SHA-256 (hex) it must have (issue #18.5). */
const readFirmwareFile = either(
  string({ min: 1 }),
  object({ url: string({ min: 1 }), sha256: string({ pattern: /^[0-9a-fA-F]{64}$/ }) }),
);
const readFirmwareObject = object({
  version: readVersion,
  files: withDefault(arrayOf(readFirmwareFile), []),
  changeLog: optional(either(string(), arrayOf(string()))),
  masterBoot: optional(arrayOf(string())),
  /**
   * Hosts (besides the app's own origin) firmware may be downloaded from, e.g. "downloads.vendor.example".
   * Each must also be in the Content-Security-Policy's connect-src (docs/firmware-integrity.md).
   */
  hosts: withDefault(arrayOf(string({ pattern: /^[a-z0-9.-]+(:\d+)?$/i })), []),
});
export type FirmwareConfig = Omit<ReaderOutput<typeof readFirmwareObject>, 'files'> & {
  files: string[];
  /** The expected SHA-256 (lower-case hex) of each file that gave one, by its address as written. */
  sha256: Record<string, string>;
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

export function firmwareConfig(raw: unknown): FirmwareConfig | null {
  // The short form of the vendor's list: just the latest version.
  const short = tryRead(readVersion, raw);
  if (short.ok) return { version: short.value, files: [], sha256: {}, hosts: [] };
  const parsed = tryRead(readFirmwareObject, raw);
  if (!parsed.ok) return null;
  const { files, ...rest } = parsed.value;
  return {
    ...rest,
    files: files.map((f) => (typeof f === 'string' ? f : f.url)),
    sha256: Object.fromEntries(
      files.flatMap((f) => (typeof f === 'string' ? [] : [[f.url, f.sha256.toLowerCase()] as const])),
    ),
  };
}

/** 'a.b.c' → major<<8 | minor<<4 | patch (extended.md §4); the device reports versions this way. */
export function encodeVersion(version: string): number {
  const [major = 0, minor = 0, patch = 0] = version.split('.').map(Number);
  return (major << 8) | (minor << 4) | patch;
}

export function formatVersion(encoded: number): string {
  return `${(encoded >> 8) & 0xff}.${(encoded >> 4) & 0xf}.${encoded & 0xf}`;
}
