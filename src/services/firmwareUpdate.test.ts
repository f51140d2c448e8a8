import { describe, expect, it } from 'vitest';
import { buildUf2 } from '../formats/uf2.ts';
import { sha256Hex } from '../formats/sha256.ts';
import { encodeVersion, firmwareConfig, formatVersion } from '../formats/firmwareConfig.ts';
import {
  allowedFirmwareUrl,
  downloadFirmware,
  type DownloadPolicy,
  macFirmwareBlocked,
  needsUpdate,
  planUpdate,
  type DownloadFetch,
} from './firmwareUpdate.ts';

const uf2 = buildUf2(new Uint8Array(300));
const serve =
  (table: Record<string, number>): DownloadFetch =>
  async (url) => ({ status: table[url] ?? 404, arrayBuffer: async () => uf2.slice().buffer });
const APP = 'https://keyloom.example';
const policy = (change: Partial<DownloadPolicy> = {}): DownloadPolicy => ({
  appOrigin: APP,
  hosts: [],
  sha256: {},
  digest: sha256Hex,
  ...change,
});

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
    const [a, b] = [`${APP}/a.uf2`, `${APP}/b.uf2`];
    const files = await downloadFirmware([a, b], serve({ [a]: 200, [b]: 200 }), signal, policy());
    expect(files.map((f) => [f.name, f.bytes.length])).toEqual([
      ['a.uf2', 1024],
      ['b.uf2', 1024],
    ]);
    expect(files[0]!.sha256).toBe(await sha256Hex(uf2));
    await expect(downloadFirmware([a, b], serve({ [a]: 200 }), signal, policy())).rejects.toThrow(
      'Download Failed',
    );
  });

  it('a downloaded file that is not UF2 fails the download', async () => {
    const html: DownloadFetch = async () => ({
      status: 200,
      arrayBuffer: async () => new TextEncoder().encode('<html>').buffer,
    });
    await expect(
      downloadFirmware([`${APP}/a.uf2`], html, new AbortController().signal, policy()),
    ).rejects.toThrow('Download Failed');
  });

  it('a file whose SHA-256 differs from the config is refused before anything is flashed', async () => {
    const url = `${APP}/a.uf2`;
    const signal = new AbortController().signal;
    const good = await sha256Hex(uf2);
    const wrong = good.replace(/^./, (c) => (c === '0' ? '1' : '0'));
    await expect(
      downloadFirmware([url], serve({ [url]: 200 }), signal, policy({ sha256: { [url]: wrong } })),
    ).rejects.toThrow('Download Failed');
    const files = await downloadFirmware(
      [url],
      serve({ [url]: 200 }),
      signal,
      policy({ sha256: { [url]: good } }),
    );
    expect(files).toHaveLength(1);
  });

  it('files only from the app origin or an allow-listed https host; never fetched otherwise', async () => {
    const fetched: string[] = [];
    const spy: DownloadFetch = async (url) => {
      fetched.push(url);
      return { status: 200, arrayBuffer: async () => uf2.slice().buffer };
    };
    const signal = new AbortController().signal;
    await expect(downloadFirmware(['https://evil.example/fw.uf2'], spy, signal, policy())).rejects.toThrow(
      'Download Failed',
    );
    expect(fetched).toEqual([]);
    expect(
      allowedFirmwareUrl('https://cdn.vendor.example/fw.uf2', {
        appOrigin: APP,
        hosts: ['cdn.vendor.example'],
      }),
    ).toBe(true);
    expect(
      allowedFirmwareUrl('http://cdn.vendor.example/fw.uf2', {
        appOrigin: APP,
        hosts: ['cdn.vendor.example'],
      }),
    ).toBe(false);
    expect(allowedFirmwareUrl('javascript:alert(1)', { appOrigin: APP, hosts: [] })).toBe(false);
    expect(allowedFirmwareUrl(`${APP}/tabkb/firmware/x.uf2`, { appOrigin: APP, hosts: [] })).toBe(true);
  });

  it('vendor config: files may carry a SHA-256 and the config may allow-list hosts', () => {
    const hash = 'AB'.repeat(32);
    const config = firmwareConfig({
      version: '1.0.3',
      files: ['tabkb/a_plc.uf2', { url: 'https://cdn.vendor.example/b.uf2', sha256: hash }],
      hosts: ['cdn.vendor.example'],
    });
    expect(config).toMatchObject({
      files: ['tabkb/a_plc.uf2', 'https://cdn.vendor.example/b.uf2'],
      sha256: { 'https://cdn.vendor.example/b.uf2': hash.toLowerCase() },
      hosts: ['cdn.vendor.example'],
    });
    expect(firmwareConfig({ version: '1.0.3', files: [{ url: 'a.uf2', sha256: 'xyz' }] })).toBeNull();
    expect(firmwareConfig('1.0.3')).toMatchObject({ files: [], sha256: {}, hosts: [] });
  });

  it('macOS serial issue: blocked unless vendor 20311 / product 16656 runs firmware 1.0.5 or later', () => {
    const fixed = { vendorId: 20311, productId: 16656 };
    expect(macFirmwareBlocked(false, fixed, null)).toBe(false);
    expect(macFirmwareBlocked(true, { vendorId: 1, productId: 2 }, 0x200)).toBe(true);
    expect(macFirmwareBlocked(true, fixed, 0x104)).toBe(true);
    expect(macFirmwareBlocked(true, fixed, 0x105)).toBe(false);
  });
});
