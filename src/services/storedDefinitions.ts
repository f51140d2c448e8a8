import type { DefinitionVersion, ServedDefinition } from '../definitions/compile.ts';
import type {
  DefinitionDatabase,
  SaveResult,
  StoreFailure,
  StoredDefinitionSummary,
} from './storedRecord.ts';
import type { StoredDefinitionRecords } from './storedDefinitionRecords.ts';

export type { DefinitionDatabase, SaveResult, StoreFailure, StoredDefinitionSummary };

/**
 * Whether the browser's store holds any definition ('some' | 'none'), kept beside the settings: most people
 * store none, and opening IndexedDB costs tens of milliseconds (more on a fresh profile) on the way to the
 * first keymap. Not yet known (a first visit, or data from before this mark) counts as none for the first
 * answers and is checked once the first screen is done (`checkMark`); 'some' is written before any write.
 * Any other value is damage: it counts as 'some' (the database is asked), is named once through `onDropped`,
 * and `checkMark` writes the right value again.
 */
export const STORED_MARK_KEY = 'keyloom-stored-definitions';

/** Where the mark is kept (the app passes its key-value storage). */
export interface MarkStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
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
    /**
     * Told of each damaged stored value: a record removed (`definitions/v3:…`) or a mark not understood
     * (`keyloom-stored-definitions`). The app lists it on the Errors page, like other stored values.
     */
    private readonly onDropped: (name: string, reason: string) => void = () => undefined,
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

  /** The mark's damage is named once per page, whichever call sees it first. */
  private markReported = false;
  /** The records' code and state, loaded with the first call that needs them (a load that fails is tried again). */
  private records: Promise<StoredDefinitionRecords> | null = null;
  private loadRecords(): Promise<StoredDefinitionRecords> {
    return (this.records ??= import('./storedDefinitionRecords.ts').then(
      (m) => new m.StoredDefinitionRecords(this.db, this.now, this.onDropped, () => this.mark('some')),
      (error: unknown) => {
        this.records = null;
        throw error;
      },
    ));
  }

  /** Names a mark other than the ones this service writes (the caller then treats it as 'some'). */
  private reportMark(mark: string): void {
    if (this.markReported) return;
    this.markReported = true;
    const shown = mark.length > 40 ? `${mark.slice(0, 40)}…` : mark;
    this.onDropped(
      STORED_MARK_KEY,
      `unknown value ${JSON.stringify(shown)}; the stored definitions are looked up and the mark written again`,
    );
  }

  /**
   * False when the mark says (or, not yet known, assumes) that nothing is stored: the database is not opened.
   * A mark not understood never hides what is stored: it asks the database.
   */
  private mayHoldAny(): boolean {
    const mark = this.readMark();
    if (mark === null || mark === 'none') return false;
    if (mark !== undefined && mark !== 'some') this.reportMark(mark);
    return true;
  }

  private mark(value: 'some' | 'none'): void {
    try {
      this.marks?.setItem(STORED_MARK_KEY, value);
    } catch {
      // Storage refused: the mark stays as it was; 'some' errs toward asking the database.
    }
  }

  /**
   * Settles a mark not yet known, or repairs one not understood, by asking the database once (after the first
   * screen); true when it holds definitions the first answers did not see, so the caller looks at its
   * keyboards again. (A damaged mark already sent the first answers to the database.)
   */
  async checkMark(): Promise<boolean> {
    const mark = this.readMark();
    if (mark === undefined || mark === 'some' || mark === 'none') return false;
    if (mark !== null) this.reportMark(mark);
    let found: boolean;
    try {
      found = (await this.db.entries()).length > 0;
    } catch {
      return false;
    }
    this.mark(found ? 'some' : 'none');
    return mark === null && found;
  }

  /**
   * Whether a usable definition is stored for these ids and version. It answers what `find` would: a damaged
   * record is dropped and named here, so a keyboard is never shown "no definition" while its record sits
   * unreported (and the load that follows reuses this check).
   */
  async has(vendorProductId: number, version: DefinitionVersion): Promise<boolean> {
    return (await this.read(vendorProductId, version)) !== null;
  }

  /** The stored definition, checked by the compiler; null when there is none, it is damaged or storage fails. */
  find(vendorProductId: number, version: DefinitionVersion): Promise<ServedDefinition | null> {
    return this.read(vendorProductId, version);
  }

  private read(vendorProductId: number, version: DefinitionVersion): Promise<ServedDefinition | null> {
    if (!this.mayHoldAny()) return Promise.resolve(null);
    // A failed load of the code is like storage refusing: nothing is known about the record.
    return this.loadRecords().then(
      (records) => records.read(vendorProductId, version),
      () => null,
    );
  }

  /** Keeps a definition (already checked) for its ids and version, replacing an older one. */
  async save(definition: ServedDefinition, version: DefinitionVersion): Promise<SaveResult> {
    return (await this.loadRecords()).save(definition, version);
  }

  /**
   * Every readable stored definition, newest first (damaged records dropped and named); throws a
   * `StoredDefinitionsError` (storedRecord.ts) when storage fails. It always asks the database, and puts right
   * a mark that missed a record.
   */
  async list(): Promise<StoredDefinitionSummary[]> {
    return (await this.loadRecords()).list();
  }

  async remove(vendorProductId: number, version: DefinitionVersion): Promise<SaveResult> {
    return (await this.loadRecords()).remove(vendorProductId, version);
  }
}
