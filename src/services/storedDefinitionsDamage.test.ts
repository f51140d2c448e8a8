import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import * as compiler from '../definitions/compile.ts';
import type { ServedDefinition } from '../definitions/compile.ts';
import { checkDefinitionFile } from '../definitions/definitionFile.ts';
import { MAX_KEYS } from '../definitions/addressLimits.ts';
import { memoryDefinitionDatabase } from '../../tests/support/memoryDefinitionDatabase.ts';
import { memoryStorage } from '../state/storage.ts';
import { DefinitionsRepository } from './definitionsRepository.ts';
import { STORED_MARK_KEY, StoredDefinitions } from './storedDefinitions.ts';
import { STORED_DEFINITION_MAX_BYTES } from './storedRecord.ts';

// Issue 31: no value Keyloom keeps in the browser makes it forget a user's definition without saying so, and
// none delays start-up. Every case runs over the DefinitionDatabase interface with its in-memory implementation.

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
const KEY = `v3:${FEED}`;
const record = (changes: Record<string, unknown> = {}) => ({
  vendorProductId: FEED,
  version: 'v3',
  name: 'Prototype 75',
  storedAt: 1,
  definition: FEED_DEF,
  ...changes,
});

/** A store over `db` with the mark `mark`, collecting what it names as dropped. */
function setup(mark: string | null, db = memoryDefinitionDatabase()) {
  const marks = memoryStorage(mark === null ? {} : { [STORED_MARK_KEY]: mark });
  const named: string[] = [];
  const store = new StoredDefinitions(
    db,
    () => 5,
    (name, reason) => named.push(`${name}: ${reason}`),
    marks,
  );
  return { db, marks, named, store };
}

describe('a stored-definitions mark it does not understand', () => {
  for (const mark of ['garbage', '', 'SOME', '{"some":true}']) {
    it(`${JSON.stringify(mark)}: the database is asked, the mark is named once and written again`, async () => {
      const { db, marks, named, store } = setup(mark);
      db.records.set(KEY, record());
      expect(await store.has(FEED, 'v3')).toBe(true);
      expect((await store.find(FEED, 'v3'))?.name).toBe('Prototype 75');
      expect(named).toEqual([
        `keyloom-stored-definitions: unknown value ${JSON.stringify(mark)}; the stored definitions are looked up and the mark written again`,
      ]);
      // Settled after the first screen: the first answers already saw the definition.
      expect(await store.checkMark()).toBe(false);
      expect(marks.getItem(STORED_MARK_KEY)).toBe('some');
      expect(named).toHaveLength(1);
    });
  }

  it('with nothing stored, the repair writes none (and still names what it replaced)', async () => {
    const { marks, named, store } = setup('garbage');
    expect(await store.checkMark()).toBe(false);
    expect(marks.getItem(STORED_MARK_KEY)).toBe('none');
    expect(named).toHaveLength(1);
    expect(named[0]).toMatch(/^keyloom-stored-definitions: unknown value "garbage"/);
  });

  it('a long damaged mark is named shortened', async () => {
    const { named, store } = setup('x'.repeat(10_000));
    await store.has(FEED, 'v3');
    expect(named[0]!.length).toBeLessThan(200);
  });

  it('the repository shows the keyboard with its stored definition', async () => {
    const { db, store } = setup('garbage');
    db.records.set(KEY, record());
    const repo = new DefinitionsRepository({
      baseUrl: 'http://app/',
      storage: memoryStorage(),
      logError: () => undefined,
      stored: store,
      fetch: async () => ({ ok: false, status: 404, json: async () => null }),
    });
    expect(await repo.isSupported(FEED, 'v3')).toBe(true);
    expect((await repo.definition(FEED, 'v3')).name).toBe('Prototype 75');
  });
});

describe('a damaged record is dropped and named by has(), not left behind a "no definition"', () => {
  const cases: [string, unknown, RegExp][] = [
    ['an empty object', {}, /not a stored definition \(.+\)/],
    ['an unknown record version', record({ version: 'v9' }), /not a stored definition \(.+\)/],
    ['a definition reduced to {name}', record({ definition: { name: 'x' } }), /not a stored definition/],
    [
      'a definition that only keeps its ids',
      record({ definition: { vendorProductId: FEED, name: 'x' } }),
      /^Invalid v3 definition/,
    ],
    ['a record for other ids', record({ vendorProductId: 7 }), /the record is for other ids/],
    [
      'a definition for other ids',
      record({ definition: { ...FEED_DEF, vendorProductId: 7 } }),
      /the definition is for other ids/,
    ],
    ['not an object at all', 'hello', /not a stored definition/],
  ];
  for (const [what, value, reason] of cases)
    it(what, async () => {
      const { db, named, store } = setup('some');
      db.records.set(KEY, value);
      expect(await store.has(FEED, 'v3')).toBe(false);
      expect(db.records.has(KEY)).toBe(false);
      expect(named).toHaveLength(1);
      expect(named[0]).toMatch(new RegExp(`^definitions/${KEY}: `));
      expect(named[0]!.slice(`definitions/${KEY}: `.length)).toMatch(reason);
      // The load that follows finds nothing and names nothing twice.
      expect(await store.find(FEED, 'v3')).toBeNull();
      expect(named).toHaveLength(1);
    });

  it('has() and find() side by side check the record once and name it once', async () => {
    const { db, named, store } = setup('some');
    db.records.set(KEY, record({ definition: { vendorProductId: FEED, name: 'x' } }));
    expect(await Promise.all([store.has(FEED, 'v3'), store.find(FEED, 'v3')])).toEqual([false, null]);
    expect(named).toHaveLength(1);
  });

  it('a good record read by has() is the one find() returns, without reading the database again', async () => {
    const { db, store } = setup('some');
    db.records.set(KEY, record());
    const gets: string[] = [];
    const get = db.get.bind(db);
    db.get = (key) => (gets.push(key), get(key));
    expect(await store.has(FEED, 'v3')).toBe(true);
    const found = await store.find(FEED, 'v3');
    expect(found?.vendorProductId).toBe(FEED);
    expect(gets).toEqual([KEY]);
    // A new definition saved replaces what was read.
    await store.save({ ...FEED_DEF, name: 'Prototype 75 rev 2' }, 'v3');
    expect((await store.find(FEED, 'v3'))?.name).toBe('Prototype 75 rev 2');
    await store.remove(FEED, 'v3');
    expect(await store.has(FEED, 'v3')).toBe(false);
  });
});

describe('an oversized stored definition is bounded by size before it is checked', () => {
  /** The audit's record: a definition with 200,000 keys (~20 MB as JSON). */
  const huge = (): ServedDefinition => {
    const key = FEED_DEF.layouts.keys[0]!;
    return {
      ...FEED_DEF,
      layouts: { ...FEED_DEF.layouts, keys: Array.from({ length: 200_000 }, () => ({ ...key })) },
    };
  };

  it('is dropped unread and named with the limit', async () => {
    const { db, named, store } = setup('some');
    db.records.set(KEY, record({ definition: huge() }));
    expect(await store.has(FEED, 'v3')).toBe(false);
    expect(db.records.has(KEY)).toBe(false);
    expect(named).toEqual([`definitions/${KEY}: larger than 512 kB, not read`]);
  });

  it("is dropped from Settings' list the same way", async () => {
    const { db, named, store } = setup('some');
    db.records.set(KEY, record({ definition: huge() }));
    expect(await store.list()).toEqual([]);
    expect(named).toEqual([`definitions/${KEY}: larger than 512 kB, not read`]);
  });

  it('is never stored: save says it is too large and writes nothing', async () => {
    const { db, store } = setup(null);
    expect(await store.save(huge(), 'v3')).toEqual({ ok: false, reason: 'tooLarge' });
    expect(db.records.size).toBe(0);
  });

  it('a definition at the definition limits (the most keys VIA addresses) is kept and read back', async () => {
    const { db, named, store } = setup(null);
    const key = FEED_DEF.layouts.keys[0]!;
    const keys = Array.from({ length: MAX_KEYS }, () => ({ ...key }));
    const big = { ...FEED_DEF, layouts: { ...FEED_DEF.layouts, keys } };
    // The record limit sits above what a definition within the definition limits can weigh.
    expect(JSON.stringify(record({ definition: big })).length).toBeLessThan(STORED_DEFINITION_MAX_BYTES);
    expect(await store.save(big, 'v3')).toEqual({ ok: true });
    expect((await store.find(FEED, 'v3'))?.layouts.keys).toHaveLength(MAX_KEYS);
    expect(named).toEqual([]);
    expect(db.records.size).toBe(1);
  });
});
