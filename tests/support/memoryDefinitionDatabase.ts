import type { DefinitionDatabase } from '../../src/services/storedDefinitions.ts';
import { quotaError, unavailableError } from '../../src/state/definitionDatabase.ts';

/**
 * An in-memory database for tests (the browser's is `browserDefinitionDatabase`). `failWith` makes writes (or everything,
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
