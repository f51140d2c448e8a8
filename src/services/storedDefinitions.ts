import { int, number, object, oneOf, string, tryRead } from '../formats/shape.ts';
import type { DefinitionVersion, ServedDefinition } from '../definitions/compile.ts';
import { definitionName } from '../definitions/definitionName.ts';
import { loadCompiler } from '../definitions/loadCompiler.ts';

/**
 * Whether the browser's store holds any definition ('some' | 'none'), kept beside the settings: most people
 * store none, and opening IndexedDB costs tens of milliseconds (more on a fresh profile) on the way to the
 * first keymap. Not yet known (a first visit, or data from before this mark) counts as none for the first
 * answers and is checked once the first screen is done (`checkMark`); 'some' is written before any write.
 */
export const STORED_MARK_KEY = 'keyloom-stored-definitions';

/** Where the mark is kept (the app passes its key-value storage). */
export interface MarkStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

/**
 * The slice of IndexedDB the stored-definitions service needs: one object store of records by key. Injected, so
 * Node tests use `memoryDefinitionDatabase` (tests/support/memoryDefinitionDatabase.ts), the browser
 * `browserDefinitionDatabase` (state/definitionDatabase.ts).
 * Every method may reject; a `QuotaExceededError` means storage is full, anything else that it is unavailable.
 */
export interface DefinitionDatabase {
  get(key: string): Promise<unknown>;
  put(key: string, value: unknown): Promise<void>;
  delete(key: string): Promise<void>;
  /** Every record with its key (so a damaged one can be removed by key). */
  entries(): Promise<{ key: string; value: unknown }[]>;
}

/** What Settings lists for one stored definition. */
export interface StoredDefinitionSummary {
  vendorProductId: number;
  version: DefinitionVersion;
  name: string;
  /** Milliseconds since the epoch. */
  storedAt: number;
}

/** Why a definition could not be kept: the browser's storage is full, or the browser offers none. */
export type StoreFailure = 'full' | 'unavailable';
export type SaveResult = { ok: true } | { ok: false; reason: StoreFailure };

// The envelope is checked here; the definition inside goes through the compiler's own check when it is used.
const readRecord = object({
  vendorProductId: int(0, 0xffffffff),
  version: oneOf(['v2', 'v3']),
  name: string(),
  storedAt: number(),
  definition: object({ vendorProductId: number() }, { keepOthers: true }),
});

const keyOf = (vendorProductId: number, version: DefinitionVersion) => `${version}:${vendorProductId}`;

function failureOf(error: unknown): StoreFailure {
  const name = (error as { name?: unknown } | null)?.name;
  return name === 'QuotaExceededError' ? 'full' : 'unavailable';
}

/**
 * Definitions a user loaded for their keyboards, kept in the browser per ids and definition version so every
 * later visit finds them before the served index. A record that no longer reads as a definition is removed, never
 * half-used. Storage failures are reported, not thrown: the session goes on with the definition in memory.
 */
export class StoredDefinitions {
  constructor(
    private readonly db: DefinitionDatabase,
    private readonly now: () => number = Date.now,
    /** Told of each damaged record removed (the app lists it on the Errors page, like other stored values). */
    private readonly onDropped: (key: string, reason: string) => void = () => undefined,
    /** Where the 'any stored?' mark lives; without one the database is always asked. */
    private readonly marks: MarkStorage | null = null,
  ) {}

  /** The mark; null while not yet known, undefined with no place for it (or storage refusing to be read). */
  private readMark(): string | null | undefined {
    try {
      return this.marks ? this.marks.getItem(STORED_MARK_KEY) : undefined;
    } catch {
      return undefined;
    }
  }

  /** False when the mark says (or, not yet known, assumes) that nothing is stored: the database is not opened. */
  private mayHoldAny(): boolean {
    const mark = this.readMark();
    return mark === undefined || mark === 'some';
  }

  private mark(value: 'some' | 'none'): void {
    try {
      this.marks?.setItem(STORED_MARK_KEY, value);
    } catch {
      // Storage refused: the mark stays as it was; 'some' errs toward asking the database.
    }
  }

  /**
   * Settles a mark not yet known by asking the database once (after the first screen); true when it holds
   * definitions the first answers did not see, so the caller looks at its keyboards again.
   */
  async checkMark(): Promise<boolean> {
    if (this.readMark() !== null) return false;
    let found: boolean;
    try {
      found = (await this.db.entries()).length > 0;
    } catch {
      return false;
    }
    this.mark(found ? 'some' : 'none');
    return found;
  }

  /** Removes a record that no longer reads as a definition, and says so. */
  private async drop(key: string, reason: string): Promise<void> {
    await this.db.delete(key).catch(() => undefined);
    this.onDropped(key, reason);
  }

  /** Whether a record exists for these ids and version (a cheap check, for listing devices). */
  async has(vendorProductId: number, version: DefinitionVersion): Promise<boolean> {
    if (!this.mayHoldAny()) return false;
    try {
      return tryRead(readRecord, await this.db.get(keyOf(vendorProductId, version))).ok;
    } catch {
      return false;
    }
  }

  /** The stored definition, checked by the compiler; null when there is none, it is damaged or storage fails. */
  async find(vendorProductId: number, version: DefinitionVersion): Promise<ServedDefinition | null> {
    if (!this.mayHoldAny()) return null;
    let raw: unknown;
    try {
      raw = await this.db.get(keyOf(vendorProductId, version));
    } catch {
      return null;
    }
    if (raw === undefined) return null;
    const record = tryRead(readRecord, raw);
    let reason = 'not a stored definition';
    if (record.ok && record.value.vendorProductId === vendorProductId && record.value.version === version) {
      const { validateServedDefinition } = await loadCompiler();
      const checked = validateServedDefinition(record.value.definition, version);
      if (checked.ok && checked.value.vendorProductId === vendorProductId) return checked.value;
      reason = checked.ok ? 'the definition is for other ids' : checked.message;
    }
    await this.drop(keyOf(vendorProductId, version), reason);
    return null;
  }

  /** Keeps a definition (already checked) for its ids and version, replacing an older one. */
  async save(definition: ServedDefinition, version: DefinitionVersion): Promise<SaveResult> {
    const record = {
      vendorProductId: definition.vendorProductId,
      version,
      name: definitionName(definition),
      storedAt: this.now(),
      definition,
    };
    // Marked first: a write that fails after its data landed leaves the mark erring toward asking.
    this.mark('some');
    try {
      await this.db.put(keyOf(definition.vendorProductId, version), record);
      return { ok: true };
    } catch (error) {
      return { ok: false, reason: failureOf(error) };
    }
  }

  /** Every readable stored definition, newest first; throws a StoreFailure-named error when storage fails. */
  async list(): Promise<StoredDefinitionSummary[]> {
    let raw: { key: string; value: unknown }[];
    try {
      raw = await this.db.entries();
    } catch (error) {
      throw new StoredDefinitionsError(failureOf(error));
    }
    // Settings' list always asks the database, and puts a mark that missed a record right.
    if (raw.length > 0) this.mark('some');
    const readable = [];
    for (const { key, value } of raw) {
      const parsed = tryRead(readRecord, value);
      if (parsed.ok) readable.push(parsed.value);
      else await this.drop(key, 'not a stored definition');
    }
    return readable
      .map(({ vendorProductId, version, name, storedAt }) => ({ vendorProductId, version, name, storedAt }))
      .sort((a, b) => b.storedAt - a.storedAt);
  }

  async remove(vendorProductId: number, version: DefinitionVersion): Promise<SaveResult> {
    try {
      await this.db.delete(keyOf(vendorProductId, version));
      return { ok: true };
    } catch (error) {
      return { ok: false, reason: failureOf(error) };
    }
  }
}

export class StoredDefinitionsError extends Error {
  constructor(readonly reason: StoreFailure) {
    super(reason === 'full' ? 'Browser storage is full' : 'Browser storage is unavailable');
    this.name = 'StoredDefinitionsError';
  }
}
