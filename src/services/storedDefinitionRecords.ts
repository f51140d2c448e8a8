import type { DefinitionVersion, ServedDefinition } from '../definitions/compile.ts';
import {
  checkRecord,
  deleteRecord,
  readSummaries,
  writeRecord,
  type DefinitionDatabase,
  type SaveResult,
  type StoredDefinitionSummary,
} from './storedRecord.ts';

const keyOf = (vendorProductId: number, version: DefinitionVersion) => `${version}:${vendorProductId}`;
/** How a record is named on the Errors page (beside the mark's own key). */
const recordName = (key: string) => `definitions/${key}`;

/**
 * The records behind `StoredDefinitions` (storedDefinitions.ts keeps the 'any stored?' mark): reading, checking,
 * writing and listing them. Loaded with the first call the mark lets through, so a profile that stores no
 * definition never loads it.
 */
export class StoredDefinitionRecords {
  constructor(
    private readonly db: DefinitionDatabase,
    private readonly now: () => number,
    private readonly onDropped: (name: string, reason: string) => void,
    /** Writes the mark 'some' (before a write, or when a listing finds records). */
    private readonly markSome: () => void,
  ) {}

  /**
   * Each record's reading, shared by `has` and `find` (a listing and the load that follows check it once). Only
   * a definition is kept: what was missing, dropped or unreadable is read again when asked again.
   */
  private readonly reads = new Map<string, Promise<ServedDefinition | null>>();

  /** Removes a record that no longer reads as a definition, and says so. */
  private async drop(key: string, reason: string): Promise<void> {
    this.reads.delete(key);
    await this.db.delete(key).catch(() => undefined);
    this.onDropped(recordName(key), reason);
  }

  read(vendorProductId: number, version: DefinitionVersion): Promise<ServedDefinition | null> {
    const key = keyOf(vendorProductId, version);
    const known = this.reads.get(key);
    if (known) return known;
    const reading = this.readOne(key, vendorProductId, version);
    this.reads.set(key, reading);
    void reading.then((definition) => {
      if (!definition && this.reads.get(key) === reading) this.reads.delete(key);
    });
    return reading;
  }

  private async readOne(
    key: string,
    vendorProductId: number,
    version: DefinitionVersion,
  ): Promise<ServedDefinition | null> {
    let checked;
    try {
      const raw = await this.db.get(key);
      if (raw === undefined) return null;
      checked = await checkRecord(raw, vendorProductId, version);
    } catch {
      return null; // storage or the code refused: nothing is known about the record, so nothing is dropped
    }
    if (checked.ok) return checked.value;
    await this.drop(key, checked.message);
    return null;
  }

  save(definition: ServedDefinition, version: DefinitionVersion): Promise<SaveResult> {
    const key = keyOf(definition.vendorProductId, version);
    this.reads.delete(key);
    // Marked first: a write that fails after its data landed leaves the mark erring toward asking.
    return writeRecord(this.db, key, definition, version, this.now(), this.markSome);
  }

  list(): Promise<StoredDefinitionSummary[]> {
    return readSummaries(this.db, this.markSome, (key, reason) => this.drop(key, reason));
  }

  remove(vendorProductId: number, version: DefinitionVersion): Promise<SaveResult> {
    const key = keyOf(vendorProductId, version);
    this.reads.delete(key);
    return deleteRecord(this.db, key);
  }
}
