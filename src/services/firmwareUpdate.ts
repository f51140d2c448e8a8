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
}

/**
 * Downloads every firmware file (no cache, abortable). Any non-200 response, a file that is not UF2, or fewer
 * files than requested fails the whole download with 'Download Failed'.
 */
export async function downloadFirmware(
  urls: readonly string[],
  fetchImpl: DownloadFetch,
  signal: AbortSignal,
): Promise<DownloadedFirmware[]> {
  const files: DownloadedFirmware[] = [];
  for (const url of urls) {
    const response = await fetchImpl(url, { cache: 'no-store', signal }).catch(() => null);
    if (!response || response.status !== 200) {
      console.log(`Firmware download failed: ${url} (${response?.status ?? 'network error'})`);
      throw new Error(DOWNLOAD_FAILED);
    }
    const bytes = new Uint8Array(await response.arrayBuffer());
    if ('error' in parseUf2(bytes)) throw new Error(DOWNLOAD_FAILED);
    files.push({ url, name: fileName(url), bytes });
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
