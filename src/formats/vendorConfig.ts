import { z } from './zodMini.ts';
import { TABML_MAX_FRAMES } from './tabml.ts';
import { TEXT_MAX_LENGTH } from '../protocol/vendorValues.ts';

/**
 * The feature entries of a vendor keyboard config (/tabkb/configs.json, extended.md §3) that gate the Matrix
 * Lighting and Firmware panes. A malformed entry disables its pane rather than breaking the keyboard.
 */
export const DEFAULT_MAX_FRAMES = 200;

const matrixLightingSchema = z.object({
  rows: z.int().check(z.minimum(1), z.maximum(64)),
  cols: z.int().check(z.minimum(1), z.maximum(64)),
  cdc: z.optional(z.boolean()),
  // One .tabml header byte holds the frame count (docs/adr/0005).
  maxFrame: z.pipe(
    z.optional(z.int().check(z.minimum(1))),
    z.transform((n: number | undefined) => Math.min(n ?? DEFAULT_MAX_FRAMES, TABML_MAX_FRAMES)),
  ),
  importEnable: z.optional(z.boolean()),
  shareApi: z.optional(z.string().check(z.minLength(1))),
  texts: z.optional(
    z.object({
      count: z.int().check(z.minimum(1), z.maximum(32)),
      length: z.pipe(
        z.int().check(z.minimum(1)),
        z.transform((n: number) => Math.min(n, TEXT_MAX_LENGTH)),
      ),
    }),
  ),
});
export type MatrixLightingConfig = z.output<typeof matrixLightingSchema>;

const versionPattern = /^\d+\.\d+\.\d+$/;
/** A firmware file: its address, or its address and the SHA-256 (hex) it must have (issue #18.5). */
const firmwareFile = z.union([
  z.string().check(z.minLength(1)),
  z.object({ url: z.string().check(z.minLength(1)), sha256: z.string().check(z.regex(/^[0-9a-fA-F]{64}$/)) }),
]);
const firmwareObject = z.pipe(
  z.object({
    version: z.string().check(z.regex(versionPattern)),
    files: z._default(z.array(firmwareFile), []),
    changeLog: z.optional(z.union([z.string(), z.array(z.string())])),
    masterBoot: z.optional(z.array(z.string())),
    /**
     * Hosts (besides the app's own origin) firmware may be downloaded from, e.g. "downloads.vendor.example".
     * Each must also be in the Content-Security-Policy's connect-src (docs/firmware-integrity.md).
     */
    hosts: z._default(z.array(z.string().check(z.regex(/^[a-z0-9.-]+(:\d+)?$/i))), []),
  }),
  z.transform(({ files, ...rest }) => ({
    ...rest,
    files: files.map((f) => (typeof f === 'string' ? f : f.url)),
    /** The expected SHA-256 (lower-case hex) of each file that gave one, by its address as written. */
    sha256: Object.fromEntries(
      files.flatMap((f) => (typeof f === 'string' ? [] : [[f.url, f.sha256.toLowerCase()] as const])),
    ) as Record<string, string>,
  })),
);
const firmwareSchema = z.union([
  // The short form of the vendor's list: just the latest version.
  z.pipe(
    z.string().check(z.regex(versionPattern)),
    z.transform((version: string): z.output<typeof firmwareObject> => ({
      version,
      files: [],
      sha256: {},
      hosts: [],
    })),
  ),
  firmwareObject,
]);
export type FirmwareConfig = z.output<typeof firmwareSchema>;

export function matrixLightingConfig(raw: unknown): MatrixLightingConfig | null {
  const parsed = matrixLightingSchema.safeParse(raw);
  return parsed.success ? parsed.data : null;
}

export function firmwareConfig(raw: unknown): FirmwareConfig | null {
  const parsed = firmwareSchema.safeParse(raw);
  return parsed.success ? parsed.data : null;
}

/** 'a.b.c' → major<<8 | minor<<4 | patch (extended.md §4); the device reports versions this way. */
export function encodeVersion(version: string): number {
  const [major = 0, minor = 0, patch = 0] = version.split('.').map(Number);
  return (major << 8) | (minor << 4) | patch;
}

export function formatVersion(encoded: number): string {
  return `${(encoded >> 8) & 0xff}.${(encoded >> 4) & 0xf}.${encoded & 0xf}`;
}
