import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import * as compiler from '../definitions/compile.ts';
import { checkDefinitionFile } from '../definitions/definitionFile.ts';
import { memoryDefinitionDatabase } from '../../tests/support/memoryDefinitionDatabase.ts';
import { memoryStorage } from '../state/storage.ts';
import { DefinitionsRepository } from './definitionsRepository.ts';
import { STORED_MARK_KEY, StoredDefinitions } from './storedDefinitions.ts';
import { StoredDefinitionsError } from './storedRecord.ts';

const source = JSON.parse(
  readFileSync(path.resolve(import.meta.dirname, '../../keyboards/demo/aurora75.json'), 'utf8'),
) as Record<string, unknown>;
const checked = checkDefinitionFile(
  JSON.stringify({ ...source, vendorId: '0xFEED', productId: '0x0001', name: 'Prototype 75' }),
  { vendorId: 0xfeed, productId: 1, protocol: 12 },
  compiler,
);
if (!checked.ok) throw new Error(checked.message);
const FEED_DEF = checked.value.definition;
const FEED = 0xfeed0001;

describe('stored definitions (fake IndexedDB)', () => {
  it('keeps a definition per ids and version, and finds it again through a new instance', async () => {
    const db = memoryDefinitionDatabase();
    let clock = 1000;
    const store = new StoredDefinitions(db, () => clock);
    expect(await store.save(FEED_DEF, 'v3')).toEqual({ ok: true });
    expect([...db.records.keys()]).toEqual([`v3:${FEED}`]);
    const later = new StoredDefinitions(db);
    expect(await later.has(FEED, 'v3')).toBe(true);
    expect(await later.has(FEED, 'v2')).toBe(false);
    expect((await later.find(FEED, 'v3'))?.layouts.keys.length).toBe(FEED_DEF.layouts.keys.length);
    expect(await later.find(FEED, 'v2')).toBeNull();
    clock = 2000;
    await store.save({ ...FEED_DEF, name: 'Prototype 75 rev 2' }, 'v3');
    expect(await store.list()).toEqual([
      { vendorProductId: FEED, version: 'v3', name: 'Prototype 75 rev 2', storedAt: 2000 },
    ]);
  });

  it('removes a record so the keyboard is unknown again', async () => {
    const db = memoryDefinitionDatabase();
    const store = new StoredDefinitions(db);
    await store.save(FEED_DEF, 'v3');
    expect(await store.remove(FEED, 'v3')).toEqual({ ok: true });
    expect(await store.has(FEED, 'v3')).toBe(false);
    expect(await store.list()).toEqual([]);
  });

  it('drops a damaged record instead of using half of it, and says which', async () => {
    const db = memoryDefinitionDatabase();
    const dropped: string[] = [];
    const store = new StoredDefinitions(db, Date.now, (key, reason) => dropped.push(`${key}: ${reason}`));
    db.records.set(`v3:${FEED}`, {
      vendorProductId: FEED,
      version: 'v3',
      name: 'x',
      storedAt: 1,
      definition: { vendorProductId: FEED, layouts: 'garbage' },
    });
    db.records.set('v3:7', { hello: 'world' });
    expect(await store.find(FEED, 'v3')).toBeNull();
    expect(db.records.has(`v3:${FEED}`)).toBe(false);
    expect(await store.list()).toEqual([]);
    expect(db.records.size).toBe(0);
    expect(dropped).toHaveLength(2);
    expect(dropped[0]).toMatch(new RegExp(`^definitions/v3:${FEED}: .+`));
    expect(dropped[1]).toMatch(/^definitions\/v3:7: not a stored definition \(.+\)$/);
  });

  it('reports a full or unavailable storage without throwing from save', async () => {
    const full = new StoredDefinitions(memoryDefinitionDatabase({ failWith: 'full' }));
    expect(await full.save(FEED_DEF, 'v3')).toEqual({ ok: false, reason: 'full' });
    const blocked = new StoredDefinitions(memoryDefinitionDatabase({ failWith: 'unavailable' }));
    expect(await blocked.save(FEED_DEF, 'v3')).toEqual({ ok: false, reason: 'unavailable' });
    expect(await blocked.has(FEED, 'v3')).toBe(false);
    expect(await blocked.find(FEED, 'v3')).toBeNull();
    await expect(blocked.list()).rejects.toEqual(new StoredDefinitionsError('unavailable'));
  });
});

describe("the 'any stored?' mark", () => {
  /** A database that fails the test if it is opened. */
  const untouchable = () => {
    const db = memoryDefinitionDatabase();
    const asked: string[] = [];
    const spy = {
      get: (key: string) => (asked.push(`get ${key}`), db.get(key)),
      put: (key: string, value: unknown) => (asked.push(`put ${key}`), db.put(key, value)),
      delete: (key: string) => (asked.push(`delete ${key}`), db.delete(key)),
      entries: () => (asked.push('entries'), db.entries()),
    };
    return { db, spy, asked };
  };

  it('with nothing stored, keyboards are looked up without opening the database', async () => {
    const { spy, asked } = untouchable();
    for (const mark of [null, 'none']) {
      const marks = memoryStorage(mark ? { [STORED_MARK_KEY]: mark } : {});
      const store = new StoredDefinitions(spy, Date.now, undefined, marks);
      expect(await store.has(FEED, 'v3')).toBe(false);
      expect(await store.find(FEED, 'v3')).toBeNull();
    }
    expect(asked).toEqual([]);
  });

  it('a saved definition marks the store, so the next visit finds it', async () => {
    const { spy } = untouchable();
    const marks = memoryStorage();
    expect(await new StoredDefinitions(spy, Date.now, undefined, marks).save(FEED_DEF, 'v3')).toEqual({
      ok: true,
    });
    expect(marks.getItem(STORED_MARK_KEY)).toBe('some');
    const visit = new StoredDefinitions(spy, Date.now, undefined, marks);
    expect(await visit.has(FEED, 'v3')).toBe(true);
    expect((await visit.find(FEED, 'v3'))?.vendorProductId).toBe(FEED);
  });

  it('an unknown mark is settled once after the first screen; definitions it missed are reported', async () => {
    // Stored before the mark existed.
    const { db, spy } = untouchable();
    await new StoredDefinitions(db).save(FEED_DEF, 'v3');
    const marks = memoryStorage();
    const store = new StoredDefinitions(spy, Date.now, undefined, marks);
    expect(await store.find(FEED, 'v3')).toBeNull();
    expect(await store.checkMark()).toBe(true);
    expect(marks.getItem(STORED_MARK_KEY)).toBe('some');
    expect((await store.find(FEED, 'v3'))?.vendorProductId).toBe(FEED);
    expect(await store.checkMark()).toBe(false);

    const empty = memoryStorage();
    expect(
      await new StoredDefinitions(memoryDefinitionDatabase(), Date.now, undefined, empty).checkMark(),
    ).toBe(false);
    expect(empty.getItem(STORED_MARK_KEY)).toBe('none');
  });

  it("Settings' list always reads the database and corrects a mark that missed a record", async () => {
    const { db, spy } = untouchable();
    await new StoredDefinitions(db).save(FEED_DEF, 'v3');
    const marks = memoryStorage({ [STORED_MARK_KEY]: 'none' });
    const store = new StoredDefinitions(spy, Date.now, undefined, marks);
    expect(await store.list()).toHaveLength(1);
    expect(marks.getItem(STORED_MARK_KEY)).toBe('some');
  });
});

describe('definitions repository with stored definitions', () => {
  function setup(db = memoryDefinitionDatabase()) {
    const requests: string[] = [];
    const repo = new DefinitionsRepository({
      baseUrl: 'http://app/',
      storage: memoryStorage(),
      logError: () => {},
      stored: new StoredDefinitions(db),
      fetch: async (url) => {
        requests.push(url);
        const index = { hash: 'h', vendorProductIds: { v2: [], v3: [] } };
        const ok = url.endsWith('supported_kbs.json');
        return { ok, status: ok ? 200 : 404, json: async () => index };
      },
    });
    return { repo, requests, db };
  }

  it('consults stored definitions before the served index, on every new visit', async () => {
    const first = setup();
    expect(await first.repo.isSupported(FEED, 'v3')).toBe(false);
    expect(await first.repo.remember(FEED_DEF, 'v3')).toEqual({ ok: true });
    expect(await first.repo.isSupported(FEED, 'v3')).toBe(true);
    // A new page: a new repository over the same database, no upload and no definition request.
    const visit = setup(first.db);
    expect(await visit.repo.isSupported(FEED, 'v3')).toBe(true);
    expect((await visit.repo.definition(FEED, 'v3')).name).toBe('Prototype 75');
    expect(visit.requests.filter((u) => u.includes(`/${FEED}.json`))).toEqual([]);
    expect(await visit.repo.forget(FEED, 'v3')).toEqual({ ok: true });
    expect(await visit.repo.isSupported(FEED, 'v3')).toBe(false);
  });

  it('keeps the definition for the session when storage is full', async () => {
    const { repo } = setup(memoryDefinitionDatabase({ failWith: 'full' }));
    expect(await repo.remember(FEED_DEF, 'v3')).toEqual({ ok: false, reason: 'full' });
    expect(await repo.isSupported(FEED, 'v3')).toBe(true);
    expect((await repo.definition(FEED, 'v3')).vendorProductId).toBe(FEED);
  });
});
