import { parseUf2 } from '../formats/uf2.ts';
import { DOWNLOAD_FAILED } from '../transfer/errors.ts';

/** Pause between firmware files and before switching to boot mode (extended.md §9). */
export const FIRMWARE_PAUSE_MS = 1000;

/** The device that needs no update cannot be offered one; the device reports `major<<8 | minor<<4 | patch`. */
export function needsUpdate(deviceVersion: number | null, configVersion: number): boolean {
  return deviceVersion !== null && configVersion > 0 && deviceVersion < configVersion;
}

export interface FirmwarePlan {
  /** Flashed first, one by one, while the keyboard is connected. */
  plc: string[];
  /** Enabled only after the PLC files are done; the board restarts into its bootloader first. */
  master: string[];
  /** Everything else, when there is neither PLC nor master firmware: flashed in sequence. */
  normal: string[];
}

const fileName = (url: string) => url.split(/[?#]/)[0]!.split('/').pop() ?? url;

export function planUpdate(urls: readonly string[]): FirmwarePlan {
  const plc = urls.filter((u) => /plc/i.test(fileName(u)));
  const master = urls.filter((u) => !plc.includes(u) && /master/i.test(fileName(u)));
  const normal = plc.length === 0 && master.length === 0 ? [...urls] : [];
  return { plc, master, normal };
}

export type DownloadFetch = (
  url: string,
  init: { cache: 'no-store'; signal: AbortSignal },
) => Promise<{ status: number; arrayBuffer(): Promise<ArrayBuffer> }>;

export interface DownloadedFirmware {
  url: string;
  name: string;
  bytes: Uint8Array;
  /** SHA-256 of the bytes (lower-case hex), shown beside the file. */
  sha256: string;
}

/** Where firmware may come from and what it must hash to (issue #18.5). */
export interface DownloadPolicy {
  /** The app's own origin, e.g. "https://keyloom.example"; always allowed. */
  appOrigin: string;
  /** Further hosts the vendor config allow-lists (https only). */
  hosts: readonly string[];
  /** Expected SHA-256 (lower-case hex) by resolved URL; files without one are checked only as UF2. */
  sha256: Readonly<Record<string, string>>;
  /** SHA-256 of bytes as lower-case hex (Web Crypto in the browser, injected so tests can run in Node). */
  digest(bytes: Uint8Array): Promise<string>;
}

/** Whether a firmware URL is from the app's origin or an allow-listed https host. */
export function allowedFirmwareUrl(
  url: string,
  policy: Pick<DownloadPolicy, 'appOrigin' | 'hosts'>,
): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  if (parsed.origin === policy.appOrigin) return true;
  return parsed.protocol === 'https:' && policy.hosts.some((h) => h.toLowerCase() === parsed.host);
}

/**
 * Downloads every firmware file (no cache, abortable), checking each before anything is flashed: it must come
 * from the app's origin or an allow-listed host, answer 200, match its SHA-256 when the config gives one, and
 * be a UF2 file. Any failure — or fewer files than requested — fails the whole download with 'Download Failed'
 * (the reason goes to the console for support).
 */
export async function downloadFirmware(
  urls: readonly string[],
  fetchImpl: DownloadFetch,
  signal: AbortSignal,
  policy: DownloadPolicy,
): Promise<DownloadedFirmware[]> {
  const fail = (url: string, reason: string): never => {
    console.log(`Firmware download failed: ${url} (${reason})`);
    throw new Error(DOWNLOAD_FAILED);
  };
  const files: DownloadedFirmware[] = [];
  for (const url of urls) {
    if (!allowedFirmwareUrl(url, policy)) fail(url, 'host not allowed by the vendor config');
    const response = await fetchImpl(url, { cache: 'no-store', signal }).catch(() => null);
    if (!response || response.status !== 200) fail(url, String(response?.status ?? 'network error'));
    const bytes = new Uint8Array(await response!.arrayBuffer());
    const sha256 = await policy.digest(bytes);
    const expected = policy.sha256[url];
    if (expected !== undefined && expected !== sha256) fail(url, `SHA-256 ${sha256}, expected ${expected}`);
    if ('error' in parseUf2(bytes)) fail(url, 'not a UF2 file');
    files.push({ url, name: fileName(url), bytes, sha256 });
  }
  if (files.length !== urls.length) throw new Error(DOWNLOAD_FAILED);
  return files;
}

/** Whether macOS's serial-driver issue blocks flashing this keyboard (extended.md §5). */
export function macFirmwareBlocked(
  macIssue: boolean,
  device: { vendorId: number; productId: number },
  firmwareVersion: number | null,
): boolean {
  if (!macIssue) return false;
  const fixedBoard = device.vendorId === 20311 && device.productId === 16656;
  return !(fixedBoard && firmwareVersion !== null && firmwareVersion >= 0x105);
}
