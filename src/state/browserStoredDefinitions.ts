import { StoredDefinitions, type DefinitionDatabase } from '../services/storedDefinitions.ts';
import { BAD_STORED_VALUE, type ReportBadValue } from './storedValue.ts';
import { browserIndexedDb, DEFINITION_DB_NAME, type KeyValueStorage } from './storage.ts';

/** The IndexedDB database holding stored definitions (state/definitionDatabase.ts opens it). */

/** True when the browser can tell the database was never created (a fresh profile), without creating it. */
async function neverCreated(factory: IDBFactory): Promise<boolean> {
  try {
    return !(await factory.databases()).some((d) => d.name === DEFINITION_DB_NAME);
  } catch {
    return false; // not supported, or refused: the database itself is asked
  }
}

/**
 * The browser's definition database, its IndexedDB code loaded with the first call: most people store no
 * definition, and the mark keeps the first screen from asking. A load that fails is tried again next call.
 */
function loadedOnFirstUse(factory: IDBFactory | undefined): DefinitionDatabase {
  let db: Promise<DefinitionDatabase> | null = null;
  const load = () =>
    (db ??= import('./definitionDatabase.ts').then(
      (m) => m.browserDefinitionDatabase(factory),
      (error: unknown) => {
        db = null;
        throw error;
      },
    ));
  return {
    get: async (key) => (await load()).get(key),
    put: async (key, value) => (await load()).put(key, value),
    delete: async (key) => (await load()).delete(key),
    // The first visit's mark check: a database never created holds nothing, known without loading its code.
    entries: async () => (factory && (await neverCreated(factory)) ? [] : (await load()).entries()),
  };
}

/**
 * The page's stored definitions: IndexedDB where the browser offers it (every call rejects where it does not,
 * and the app goes on with definitions in memory), the 'any stored?' mark in `storage`, and each damaged record
 * or mark named on the Errors page through `report`.
 */
export function browserStoredDefinitions(
  storage: KeyValueStorage,
  report: ReportBadValue,
): StoredDefinitions {
  return new StoredDefinitions(
    loadedOnFirstUse(browserIndexedDb()),
    Date.now,
    (name, reason) => report(BAD_STORED_VALUE(name, reason)),
    storage,
  );
}
