import type { DefinitionDatabase } from '../services/storedDefinitions.ts';

// The port is declared by the service that uses it (services sit below state); these are its implementations.
export type { DefinitionDatabase };

const quotaError = () => new DOMException('The quota has been exceeded.', 'QuotaExceededError');
const unavailableError = () => new DOMException('IndexedDB is not available.', 'UnknownError');

/**
 * An in-memory database for tests and for browsers without IndexedDB. `failWith` makes writes (or everything,
 * for 'unavailable') reject the way a full or blocked browser store does.
 */
export function memoryDefinitionDatabase(
  options: { failWith?: 'full' | 'unavailable' } = {},
): DefinitionDatabase & { records: Map<string, unknown>; failWith?: 'full' | 'unavailable' } {
  const records = new Map<string, unknown>();
  const db = {
    records,
    failWith: options.failWith,
    async get(key: string) {
      if (db.failWith === 'unavailable') throw unavailableError();
      return structuredClone(records.get(key));
    },
    async put(key: string, value: unknown) {
      if (db.failWith === 'unavailable') throw unavailableError();
      if (db.failWith === 'full') throw quotaError();
      records.set(key, structuredClone(value));
    },
    async delete(key: string) {
      if (db.failWith === 'unavailable') throw unavailableError();
      records.delete(key);
    },
    async entries() {
      if (db.failWith === 'unavailable') throw unavailableError();
      return [...records].map(([key, value]) => ({ key, value: structuredClone(value) }));
    },
  };
  return db;
}

const DB_NAME = 'keyloom';
const DB_VERSION = 1;
const STORE = 'definitions';

const request = <T>(r: IDBRequest<T>) =>
  new Promise<T>((resolve, reject) => {
    r.onsuccess = () => resolve(r.result);
    r.onerror = () => reject(r.error ?? unavailableError());
  });

/**
 * IndexedDB in the browser (database 'keyloom', store 'definitions'). Opening is lazy and retried on the next
 * call after a failure, so a blocked store never stops the app: each call simply rejects.
 */
export function browserDefinitionDatabase(factory: IDBFactory | undefined): DefinitionDatabase {
  let opening: Promise<IDBDatabase> | null = null;
  const open = () => {
    if (!factory) return Promise.reject(unavailableError());
    opening ??= new Promise<IDBDatabase>((resolve, reject) => {
      const r = factory.open(DB_NAME, DB_VERSION);
      r.onupgradeneeded = () => {
        if (!r.result.objectStoreNames.contains(STORE)) r.result.createObjectStore(STORE);
      };
      r.onsuccess = () => resolve(r.result);
      r.onerror = () => reject(r.error ?? unavailableError());
      r.onblocked = () => reject(unavailableError());
    }).catch((error: unknown) => {
      opening = null;
      throw error;
    });
    return opening;
  };
  const run = async <T>(mode: IDBTransactionMode, body: (store: IDBObjectStore) => IDBRequest<T>) => {
    const db = await open();
    const tx = db.transaction(STORE, mode);
    const result = request(body(tx.objectStore(STORE)));
    result.catch(() => undefined); // reported through the transaction below
    // A write is safe only once its transaction commits (a quota error can arrive at commit time).
    await new Promise<void>((resolve, reject) => {
      tx.oncomplete = () => resolve();
      tx.onerror = () => reject(tx.error ?? unavailableError());
      tx.onabort = () => reject(tx.error ?? quotaError());
    });
    return result;
  };
  return {
    get: (key) => run('readonly', (s) => s.get(key)),
    put: async (key, value) => void (await run('readwrite', (s) => s.put(value, key))),
    delete: async (key) => void (await run('readwrite', (s) => s.delete(key))),
    // A cursor reads each key with its value in one pass.
    entries: async () => {
      const out: { key: string; value: unknown }[] = [];
      const db = await open();
      const cursor = db.transaction(STORE, 'readonly').objectStore(STORE).openCursor();
      await new Promise<void>((resolve, reject) => {
        cursor.onsuccess = () => {
          const at = cursor.result;
          if (!at) return resolve();
          out.push({ key: String(at.key), value: at.value });
          at.continue();
        };
        cursor.onerror = () => reject(cursor.error ?? unavailableError());
      });
      return out;
    },
  };
}
