import {
  arrayOf,
  either,
  object,
  optional,
  string,
  tryRead,
  withDefault,
  type ReaderOutput,
} from './shape.ts';

/**
 * The vendor config's firmware entry (/tabkb/configs.json, extended.md §3): read by the Firmware pane and the
 * firmware modal, which load on demand (the Configure screen only asks whether the entry is there).
 */
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
