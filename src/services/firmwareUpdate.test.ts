import { describe, expect, it } from 'vitest';
import { buildUf2 } from '../formats/uf2.ts';
import { encodeVersion, formatVersion } from '../formats/vendorConfig.ts';
import {
  downloadFirmware,
  macFirmwareBlocked,
  needsUpdate,
  planUpdate,
  type DownloadFetch,
} from './firmwareUpdate.ts';

const uf2 = buildUf2(new Uint8Array(300));
const serve =
  (table: Record<string, number>): DownloadFetch =>
  async (url) => ({ status: table[url] ?? 404, arrayBuffer: async () => uf2.slice().buffer });

describe('firmware update rules (extended.md §4–5)', () => {
  it('versions: major<<8 | minor<<4 | patch; an update is needed only below the configured version', () => {
    expect(encodeVersion('1.0.3')).toBe(0x103);
    expect(encodeVersion('2.10.4')).toBe(0x2a4);
    expect(formatVersion(0x105)).toBe('1.0.5');
    expect(needsUpdate(0x102, 0x103)).toBe(true);
    expect(needsUpdate(0x103, 0x103)).toBe(false);
    expect(needsUpdate(0x104, 0x103)).toBe(false);
    expect(needsUpdate(null, 0x103)).toBe(false);
  });

  it('PLC files first, master after; with neither, every file in order', () => {
    expect(planUpdate(['a/kb_plc_1.uf2', 'a/kb_master.uf2', 'a/kb_plc_2.uf2'])).toEqual({
      plc: ['a/kb_plc_1.uf2', 'a/kb_plc_2.uf2'],
      master: ['a/kb_master.uf2'],
      normal: [],
    });
    expect(planUpdate(['x/left.uf2', 'x/right.uf2'])).toEqual({
      plc: [],
      master: [],
      normal: ['x/left.uf2', 'x/right.uf2'],
    });
  });

  it('downloads every file; any non-200 fails the whole download', async () => {
    const signal = new AbortController().signal;
    const files = await downloadFirmware(
      ['/a.uf2', '/b.uf2'],
      serve({ '/a.uf2': 200, '/b.uf2': 200 }),
      signal,
    );
    expect(files.map((f) => [f.name, f.bytes.length])).toEqual([
      ['a.uf2', 1024],
      ['b.uf2', 1024],
    ]);
    await expect(downloadFirmware(['/a.uf2', '/b.uf2'], serve({ '/a.uf2': 200 }), signal)).rejects.toThrow(
      'Download Failed',
    );
  });

  it('a downloaded file that is not UF2 fails the download', async () => {
    const html: DownloadFetch = async () => ({
      status: 200,
      arrayBuffer: async () => new TextEncoder().encode('<html>').buffer,
    });
    await expect(downloadFirmware(['/a.uf2'], html, new AbortController().signal)).rejects.toThrow(
      'Download Failed',
    );
  });

  it('macOS serial issue: blocked unless vendor 20311 / product 16656 runs firmware 1.0.5 or later', () => {
    const fixed = { vendorId: 20311, productId: 16656 };
    expect(macFirmwareBlocked(false, fixed, null)).toBe(false);
    expect(macFirmwareBlocked(true, { vendorId: 1, productId: 2 }, 0x200)).toBe(true);
    expect(macFirmwareBlocked(true, fixed, 0x104)).toBe(true);
    expect(macFirmwareBlocked(true, fixed, 0x105)).toBe(false);
  });
});
