import type { DefinitionDatabase } from '../services/storedDefinitions.ts';
import { DEFINITION_DB_NAME } from './storage.ts';

// The port is declared by the service that uses it (services sit below state); these are its implementations.
// This one loads with the first call the app makes to the database (state/browserStoredDefinitions.ts).
export type { DefinitionDatabase };

export const quotaError = () => new DOMException('The quota has been exceeded.', 'QuotaExceededError');
export const unavailableError = () => new DOMException('IndexedDB is not available.', 'UnknownError');

const DB_VERSION = 1;
const STORE = 'definitions';

const request = <T>(r: IDBRequest<T>) =>
  new Promise<T>((resolve, reject) => {
    r.onsuccess = () => resolve(r.result);
    r.onerror = () => reject(r.error ?? unavailableError());
  });

/**
 * IndexedDB in the browser (database `DEFINITION_DB_NAME`, store 'definitions'). Opening is lazy and retried on
 * the next call after a failure, so a blocked store never stops the app: each call simply rejects.
 */
export function browserDefinitionDatabase(factory: IDBFactory | undefined): DefinitionDatabase {
  let opening: Promise<IDBDatabase> | null = null;
  const open = () => {
    if (!factory) return Promise.reject(unavailableError());
    opening ??= new Promise<IDBDatabase>((resolve, reject) => {
      const r = factory.open(DEFINITION_DB_NAME, DB_VERSION);
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
