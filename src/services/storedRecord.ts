import { int, number, object, oneOf, string, tryRead } from '../formats/shape.ts';
import { formatBytes } from '../formats/size.ts';
import type { DefinitionVersion, ServedDefinition } from '../definitions/compile.ts';
import { definitionName } from '../definitions/definitionName.ts';
import { loadCompiler } from '../definitions/loadCompiler.ts';
import { storedSizeWithin } from './storedSizeWithin.ts';

/**
 * The slice of IndexedDB the stored-definitions service needs: one object store of records by key. Injected, so
 * Node tests use `memoryDefinitionDatabase` (tests/support/memoryDefinitionDatabase.ts), the browser
 * `browserDefinitionDatabase` (state/definitionDatabase.ts, loaded on first use by state/browserStoredDefinitions.ts).
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

/** Why storage failed: the browser's storage is full, or the browser offers none. */
export type StoreFailure = 'full' | 'unavailable';
/** Why a definition could not be kept: storage failed, or it is over `STORED_DEFINITION_MAX_BYTES` (storedRecord.ts). */
export type SaveResult = { ok: true } | { ok: false; reason: StoreFailure | 'tooLarge' };

// Stored-definition records: how one is checked when read back, written, listed and removed. Loaded with the
// first record read or written (most people store none, so the first screen does not carry it); the service
// and its 'any stored?' mark are services/storedDefinitions.ts.

/**
 * The most a stored record may take (as JSON text) to be read: a real keyboard's definition takes 2–30 kB,
 * and checking a definition costs time in proportion to its size, which start-up cannot spend (a 200,000-key
 * record took ~26 s). A larger record is dropped unread and named; a larger definition is not stored (the
 * strings `connection:storage.tooLarge` say "512 kB").
 */
export const STORED_DEFINITION_MAX_BYTES = 512_000;

const TOO_LARGE = `larger than ${formatBytes(STORED_DEFINITION_MAX_BYTES)}, not read`;

// The envelope is checked here; the definition inside goes through the compiler's own check when it is used.
const readRecord = object({
  vendorProductId: int(0, 0xffffffff),
  version: oneOf(['v2', 'v3']),
  name: string(),
  storedAt: number(),
  definition: object({ vendorProductId: number() }, { keepOthers: true }),
});

export type StoredRecord = ReturnType<typeof readRecord>;
type Checked<T> = { ok: true; value: T } | { ok: false; message: string };

/** Whether a record about to be written would be read back (it is not over the size limit). */
export const recordFits = (record: unknown) => storedSizeWithin(record, STORED_DEFINITION_MAX_BYTES);

/** A record's size, then its envelope (what Settings lists), without the definition's own check. */
export function checkEnvelope(raw: unknown): Checked<StoredRecord> {
  if (!recordFits(raw)) return { ok: false, message: TOO_LARGE };
  const record = tryRead(readRecord, raw);
  return record.ok ? record : { ok: false, message: `not a stored definition (${record.error.message})` };
}

/** A record read back for these ids and version: size first, then its envelope, then the compiler's check. */
export async function checkRecord(
  raw: unknown,
  vendorProductId: number,
  version: DefinitionVersion,
): Promise<Checked<ServedDefinition>> {
  const record = checkEnvelope(raw);
  if (!record.ok) return record;
  if (record.value.vendorProductId !== vendorProductId || record.value.version !== version)
    return { ok: false, message: 'the record is for other ids' };
  const { validateServedDefinition } = await loadCompiler();
  const checked = validateServedDefinition(record.value.definition, version);
  if (checked.ok && checked.value.vendorProductId !== vendorProductId)
    return { ok: false, message: 'the definition is for other ids' };
  return checked;
}

function failureOf(error: unknown): StoreFailure {
  const name = (error as { name?: unknown } | null)?.name;
  return name === 'QuotaExceededError' ? 'full' : 'unavailable';
}

/** Writes the record of a definition (already checked); `beforeWrite` runs once it is known to fit. */
export async function writeRecord(
  db: DefinitionDatabase,
  key: string,
  definition: ServedDefinition,
  version: DefinitionVersion,
  storedAt: number,
  beforeWrite: () => void,
): Promise<SaveResult> {
  const record = {
    vendorProductId: definition.vendorProductId,
    version,
    name: definitionName(definition),
    storedAt,
    definition,
  };
  // What would not be read back is not written.
  if (!recordFits(record)) return { ok: false, reason: 'tooLarge' };
  beforeWrite();
  try {
    await db.put(key, record);
    return { ok: true };
  } catch (error) {
    return { ok: false, reason: failureOf(error) };
  }
}

/**
 * What Settings lists, newest first: every record whose envelope reads (`drop` removes and names the others);
 * `onAny` hears that the database holds records. Throws a `StoredDefinitionsError` when storage fails.
 */
export async function readSummaries(
  db: DefinitionDatabase,
  onAny: () => void,
  drop: (key: string, reason: string) => Promise<void>,
): Promise<StoredDefinitionSummary[]> {
  let raw: { key: string; value: unknown }[];
  try {
    raw = await db.entries();
  } catch (error) {
    throw new StoredDefinitionsError(failureOf(error));
  }
  if (raw.length > 0) onAny();
  const readable: StoredRecord[] = [];
  for (const { key, value } of raw) {
    const checked = checkEnvelope(value);
    if (checked.ok) readable.push(checked.value);
    else await drop(key, checked.message);
  }
  return readable
    .map(({ vendorProductId, version, name, storedAt }) => ({ vendorProductId, version, name, storedAt }))
    .sort((a, b) => b.storedAt - a.storedAt);
}

export async function deleteRecord(db: DefinitionDatabase, key: string): Promise<SaveResult> {
  try {
    await db.delete(key);
    return { ok: true };
  } catch (error) {
    return { ok: false, reason: failureOf(error) };
  }
}

export class StoredDefinitionsError extends Error {
  constructor(readonly reason: StoreFailure) {
    super(reason === 'full' ? 'Browser storage is full' : 'Browser storage is unavailable');
    this.name = 'StoredDefinitionsError';
  }
}
