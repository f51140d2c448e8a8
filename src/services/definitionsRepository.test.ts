import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { compileSourceDefinition, type ServedDefinition } from '../definitions/compile.ts';
import { memoryStorage, type KeyValueStorage } from '../state/storage.ts';
import { DefinitionsRepository } from './definitionsRepository.ts';
import { StoredDefinitions } from './storedDefinitions.ts';
import { memoryDefinitionDatabase } from '../../tests/support/memoryDefinitionDatabase.ts';

const compiled = compileSourceDefinition(
  JSON.parse(readFileSync(path.resolve(import.meta.dirname, '../../keyboards/demo/aurora75.json'), 'utf8')),
);
if (!compiled.ok) throw new Error(compiled.message);
const AURORA: ServedDefinition = compiled.value.definition;
const VPID = AURORA.vendorProductId;

function setup(
  options: {
    storage?: KeyValueStorage;
    hash?: string;
    definition?: unknown;
    configs?: unknown;
    stored?: StoredDefinitions;
  } = {},
) {
  const files: Record<string, unknown> = {
    'definitions/supported_kbs.json': {
      hash: options.hash ?? 'h1',
      vendorProductIds: { v2: [], v3: [VPID] },
    },
    [`definitions/v3/${VPID}.json`]: options.definition ?? AURORA,
    'tabkb/configs.json': options.configs ?? [
      { vendorId: 1, productId: 2, screen: {} },
      { vendorId: 3 },
      'junk',
    ],
  };
  const requests: { url: string; cache?: string }[] = [];
  const errors: string[] = [];
  const storage = options.storage ?? memoryStorage();
  const repo = new DefinitionsRepository({
    baseUrl: 'http://app/sub/',
    storage,
    logError: (m) => errors.push(m),
    ...(options.stored ? { stored: options.stored } : {}),
    fetch: async (url, init) => {
      requests.push({ url, ...(init?.cache ? { cache: init.cache } : {}) });
      const key = url.replace('http://app/sub/', '');
      return { ok: key in files, status: key in files ? 200 : 404, json: async () => files[key] };
    },
  });
  return { repo, requests, errors, storage };
}

describe('definitions repository', () => {
  it('fetches relative to the app base, validates, and serves later requests from storage', async () => {
    const { repo, requests, storage } = setup();
    await repo.loadIndex();
    expect(await repo.isSupported(VPID, 'v3')).toBe(true);
    expect(await repo.isSupported(VPID, 'v2')).toBe(false);
    const first = await repo.definition(VPID, 'v3');
    expect(first.layouts.keys.length).toBe(AURORA.layouts.keys.length);
    expect(requests.map((r) => r.url)).toEqual([
      'http://app/sub/definitions/supported_kbs.json',
      `http://app/sub/definitions/v3/${VPID}.json`,
    ]);
    expect(requests[0]!.cache).toBe('reload');
    // A new repository on the same storage needs no definition request.
    const again = setup({ storage });
    await again.repo.loadIndex();
    await again.repo.definition(VPID, 'v3');
    expect(again.requests.map((r) => r.url)).toEqual(['http://app/sub/definitions/supported_kbs.json']);
  });

  it('drops cached definitions when the definitions hash changes', async () => {
    const { repo, storage } = setup();
    await repo.loadIndex();
    await repo.definition(VPID, 'v3');
    const changed = setup({ storage, hash: 'h2' });
    await changed.repo.loadIndex();
    await changed.repo.definition(VPID, 'v3');
    expect(changed.requests.map((r) => r.url)).toContain(`http://app/sub/definitions/v3/${VPID}.json`);
  });

  it('refuses a malformed definition whole and logs why', async () => {
    const { repo, errors } = setup({ definition: { ...AURORA, matrix: { rows: 'six' } } });
    await expect(repo.definition(VPID, 'v3')).rejects.toThrow(/Invalid v3 definition/);
    expect(errors[0]).toMatch(/Invalid v3 definition/);
  });

  it("logs 'Fetching v3 definition failed' with the device when the fetch fails", async () => {
    const { repo, errors } = setup();
    await expect(
      repo.definition(12345, 'v3', { vendorId: 0, productId: 12345, productName: 'X' }),
    ).rejects.toThrow();
    expect(errors).toEqual(['Fetching v3 definition failed']);
  });

  it('on a full storage, drops only cached definitions (never settings) and retries the write once', async () => {
    const base = memoryStorage({
      'via-app-store': '{"themeName":"MATCHA"}',
      'keyloom-definition:v3:1': '{}',
    });
    let failures = 1;
    const storage: KeyValueStorage = {
      ...base,
      get length() {
        return base.length;
      },
      key: (i) => base.key!(i),
      getItem: (k) => base.getItem(k),
      removeItem: (k) => base.removeItem(k),
      setItem: (k, v) => {
        if (k.startsWith('keyloom-definition:') && failures-- > 0) throw new Error('QuotaExceededError');
        base.setItem(k, v);
      },
    };
    const { repo } = setup({ storage });
    await repo.loadIndex();
    await repo.definition(VPID, 'v3');
    expect(base.getItem('keyloom-definition:v3:1')).toBeNull();
    expect(base.getItem(`keyloom-definition:v3:${VPID}`)).not.toBeNull();
    expect(base.getItem('via-app-store')).toBe('{"themeName":"MATCHA"}');
  });

  it('skips vendor configs without vendorId or productId', async () => {
    const { repo, requests } = setup();
    expect(await repo.vendorConfigs()).toEqual([{ vendorId: 1, productId: 2, screen: {} }]);
    expect(requests.at(-1)!.cache).toBe('no-store');
  });

  it('serves local definitions (drafts, virtual keyboards from a file) without the server', async () => {
    const { repo, requests } = setup();
    repo.registerLocal({ ...AURORA, vendorProductId: 99 }, 'v3');
    expect(await repo.isSupported(99, 'v3')).toBe(true);
    expect((await repo.definition(99, 'v3')).vendorProductId).toBe(99);
    expect(requests).toEqual([]);
  });

  it('requests the index and each definition once, sharing requests in flight', async () => {
    const { repo, requests } = setup();
    const results = await Promise.all([
      repo.definition(VPID, 'v3'),
      repo.isSupported(VPID, 'v3'),
      repo.definition(VPID, 'v3'),
      repo.loadIndex(),
      repo.isSupported(VPID, 'v2'),
    ]);
    await repo.definition(VPID, 'v3');
    await repo.isSupported(VPID, 'v3');
    expect(results[0]).toBe(results[2]);
    expect(requests.map((r) => r.url).sort()).toEqual([
      'http://app/sub/definitions/supported_kbs.json',
      `http://app/sub/definitions/v3/${VPID}.json`,
    ]);
  });

  it('keeps a definition fetched before the index arrived when the index drops stale copies', async () => {
    // Storage from an earlier page with other definitions: a stale copy of another keyboard.
    const storage = memoryStorage({ 'keyloom-definitions-hash': 'h0', 'keyloom-definition:v3:7': '{}' });
    const { repo, requests } = setup({ storage });
    await repo.definition(VPID, 'v3');
    await repo.loadIndex();
    await repo.definition(VPID, 'v3');
    expect(requests.filter((r) => r.url.endsWith(`${VPID}.json`))).toHaveLength(1);
    expect(storage.getItem('keyloom-definition:v3:7')).toBeNull();
    // The next page finds it in storage.
    const next = setup({ storage });
    await next.repo.definition(VPID, 'v3');
    expect(next.requests.map((r) => r.url)).toEqual(['http://app/sub/definitions/supported_kbs.json']);
  });

  it('tries again after a failed request instead of keeping the failure', async () => {
    let fail = true;
    const requests: string[] = [];
    const repo = new DefinitionsRepository({
      baseUrl: 'http://app/',
      storage: memoryStorage(),
      logError: () => {},
      fetch: async (url) => {
        requests.push(url);
        const ok = !fail;
        return { ok, status: ok ? 200 : 503, json: async () => AURORA };
      },
    });
    await expect(repo.definition(VPID, 'v3')).rejects.toThrow();
    fail = false;
    expect((await repo.definition(VPID, 'v3')).vendorProductId).toBe(VPID);
    expect(requests.filter((u) => u.endsWith(`/${VPID}.json`))).toHaveLength(2);
  });

  it('fetches no definition the index does not list (a keyboard with no served definition)', async () => {
    const { repo, requests, errors } = setup();
    expect(await repo.isSupported(0xfeed0001, 'v3')).toBe(false);
    await expect(repo.definition(0xfeed0001, 'v3')).rejects.toThrow('HTTP 404');
    expect(requests.filter((r) => r.url.includes('/v3/'))).toEqual([]);
    expect(errors).toEqual(['Fetching v3 definition failed']);
  });

  it("gives a demo's firmware the served definition and says it is supported without waiting for the browser's store", async () => {
    // The browser's store is slow to open; the user keeps their own file for this keyboard in it.
    const db = memoryDefinitionDatabase();
    await new StoredDefinitions(db).save({ ...AURORA, name: 'My Aurora' }, 'v3');
    let open = () => {};
    const opened = new Promise<void>((resolve) => (open = resolve));
    const slow = { ...db, get: async (key: string) => (await opened, db.get(key)) };
    const { repo, requests } = setup({ stored: new StoredDefinitions(slow) });

    // A keyboard the index lists is one Keyloom knows, whatever the store will say.
    expect(await repo.isSupported(VPID, 'v3')).toBe(true);
    const reading = repo.definition(VPID, 'v3');
    // The board's firmware is the shipped one, and it does not wait for the store.
    expect((await repo.shippedDefinition(VPID, 'v3')).name).toBe(AURORA.name);
    open();
    // How Keyloom reads the board: the user's file wins.
    expect((await reading).name).toBe('My Aurora');
    expect(requests.filter((r) => r.url.endsWith(`${VPID}.json`))).toHaveLength(1);
  });

  it('says once why a definition failed when the firmware and the reading both asked for it', async () => {
    const { repo, errors } = setup({ definition: { nonsense: true } });
    await Promise.all([
      expect(repo.definition(VPID, 'v3')).rejects.toThrow(),
      expect(repo.shippedDefinition(VPID, 'v3')).rejects.toThrow(),
    ]);
    expect(errors).toHaveLength(1);
  });

  it("fetches the vendor configs ahead of a load as that load's fetch; the next load fetches again", async () => {
    const { repo, requests } = setup();
    const configs = () => requests.filter((r) => r.url.endsWith('configs.json'));
    repo.prefetchVendorConfigs();
    repo.prefetchVendorConfigs();
    expect(configs()).toEqual([{ url: 'http://app/sub/tabkb/configs.json', cache: 'no-store' }]);
    expect(await repo.vendorConfigs()).toEqual([{ vendorId: 1, productId: 2, screen: {} }]);
    expect(configs()).toHaveLength(1);
    await repo.vendorConfigs();
    expect(configs()).toHaveLength(2);
  });
});
