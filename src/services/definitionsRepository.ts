import { readIndexIds, type DefinitionIndex } from '../definitions/buildIndex.ts';
import type { DefinitionVersion, ServedDefinition } from '../definitions/compile.ts';
import { checkServedDefinition } from '../definitions/servedDefinitionShape.ts';
import type { SaveResult, StoredDefinitions } from './storedDefinitions.ts';

/** The part of `fetch` the repository uses; injected so tests serve files from memory. */
export type FetchLike = (
  url: string,
  init?: { cache?: 'reload' | 'no-store' | 'default' },
) => Promise<{
  ok: boolean;
  status: number;
  json(): Promise<unknown>;
}>;

/** A vendor keyboard config entry (/tabkb/configs.json, extended.md §3); flags gate extra panes. */
export interface VendorConfig {
  vendorId: number;
  productId: number;
  name?: string;
  matrixLighting?: unknown;
  screen?: unknown;
  firmware?: unknown;
  g24boot?: boolean;
  cdc?: boolean;
  tapDance?: unknown[];
  [field: string]: unknown;
}

export interface DeviceLabel {
  vendorId: number;
  productId: number;
  productName: string;
  protocol?: number;
}

/**
 * What the definition cache needs of Web Storage (declared here, not imported from state: services sit below
 * the stores). The app's `KeyValueStorage` fits it.
 */
export interface CacheStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
  readonly length?: number;
  key?(index: number): string | null;
}

export interface RepositoryDeps {
  fetch: FetchLike;
  storage: CacheStorage;
  /** Base URL of the app (it may be hosted in a sub-folder); paths are relative to it. */
  baseUrl: string;
  logError(message: string, device?: DeviceLabel): void;
  /** Definitions the user loaded for their keyboards, consulted before the served index. */
  stored?: StoredDefinitions;
}

const CACHE_PREFIX = 'keyloom-definition:';
const HASH_KEY = 'keyloom-definitions-hash';

/**
 * Keyboard definitions: the served index, each definition fetched once and cached in storage (dropped when the
 * definitions hash changes), local definitions a user loaded (drafts, virtual keyboards built from a file),
 * and the vendor config list. A definition that fails its check is refused whole.
 *
 * Each file is requested once per page: the index once (then kept), each definition once (then kept in
 * memory), and callers asking while a request is in flight share it. Served definitions were validated in
 * full when they were built; at run time `checkServedDefinition` guards their shape, so the reader's schema
 * validators never load for them.
 */
export class DefinitionsRepository {
  private index: DefinitionIndex | null = null;
  private indexRequest: Promise<DefinitionIndex> | null = null;
  private readonly local = new Map<string, ServedDefinition>();
  /** Definitions this page already has (or is fetching), by "version:vendorProductId". */
  private readonly loaded = new Map<string, Promise<ServedDefinition>>();
  /** The server's definitions among them (a user's stored one may win over it in `loaded`). */
  private readonly served = new Map<string, Promise<ServedDefinition>>();
  /** Cache keys written from the server during this page: current whatever the stored hash said. */
  private readonly fresh = new Set<string>();
  private configsRequest: Promise<VendorConfig[]> | null = null;
  /** A fetch started ahead of the load about to begin: that load's fetch. */
  private configsAhead: Promise<VendorConfig[]> | null = null;

  constructor(private readonly deps: RepositoryDeps) {}

  private url(path: string): string {
    return new URL(path, this.deps.baseUrl).toString();
  }

  /**
   * The index, fetched once per page (bypassing the HTTP cache) and shared while in flight; a changed hash
   * clears definitions cached by earlier pages. A failed fetch is not kept: the next call tries again.
   */
  loadIndex(): Promise<DefinitionIndex> {
    if (this.index) return Promise.resolve(this.index);
    this.indexRequest ??= this.fetchIndex().finally(() => (this.indexRequest = null));
    return this.indexRequest;
  }

  private async fetchIndex(): Promise<DefinitionIndex> {
    const response = await this.deps.fetch(this.url('definitions/supported_kbs.json'), { cache: 'reload' });
    if (!response.ok) throw new Error(`Fetching the definition index failed (HTTP ${response.status})`);
    const index = parseIndex(await response.json());
    if (this.deps.storage.getItem(HASH_KEY) !== index.hash) {
      // Copies fetched during this page are current: only earlier pages' copies may be stale.
      this.clearCache(this.fresh);
      this.write(HASH_KEY, index.hash);
    }
    this.index = index;
    return index;
  }

  /** Whether a definition of `version` exists for the keyboard (local, stored by the user, or served). */
  async isSupported(vendorProductId: number, version: DefinitionVersion): Promise<boolean> {
    if (this.local.has(`${version}:${vendorProductId}`)) return true;
    // The browser's store and the index are asked side by side (opening IndexedDB takes as long as a fetch,
    // longer on a fresh profile); either one's yes is the answer, so a keyboard the index lists does not wait
    // for the store.
    return firstYes([
      this.deps.stored?.has(vendorProductId, version) ?? Promise.resolve(false),
      this.loadIndex().then(
        (index) => index.vendorProductIds[version].includes(vendorProductId),
        () => false,
      ),
    ]);
  }

  registerLocal(definition: ServedDefinition, version: DefinitionVersion): void {
    this.local.set(`${version}:${definition.vendorProductId}`, definition);
  }

  /**
   * A definition the user brought for their keyboard (already checked): usable at once, and kept in the
   * browser for later visits. When storage fails it still works for this session; the result says why.
   */
  async remember(definition: ServedDefinition, version: DefinitionVersion): Promise<SaveResult> {
    this.registerLocal(definition, version);
    return this.deps.stored
      ? this.deps.stored.save(definition, version)
      : { ok: false, reason: 'unavailable' };
  }

  /** Forgets a definition the user brought: from this session and from the browser. */
  async forget(vendorProductId: number, version: DefinitionVersion): Promise<SaveResult> {
    this.local.delete(`${version}:${vendorProductId}`);
    this.loaded.delete(`${version}:${vendorProductId}`);
    return this.deps.stored ? this.deps.stored.remove(vendorProductId, version) : { ok: true };
  }

  /**
   * The definition, from local drafts, this page's memory, the storage cache, or the server (then cached).
   * Concurrent calls share one request. Throws on failure (and a failed request is not kept).
   */
  definition(
    vendorProductId: number,
    version: DefinitionVersion,
    device?: DeviceLabel,
  ): Promise<ServedDefinition> {
    const id = `${version}:${vendorProductId}`;
    const local = this.local.get(id);
    if (local) return Promise.resolve(local);
    return shared(this.loaded, id, () => this.fetchDefinition(vendorProductId, version, device));
  }

  /**
   * The server's definition for a keyboard, never the user's stored one: what a demo keyboard's firmware is
   * built from (a file the user keeps for it changes how Keyloom reads the board, not the board), so the demo
   * need not wait for the browser's store to open. Shared with `definition`'s own request, which says why
   * it failed (this does not say it twice).
   */
  async shippedDefinition(vendorProductId: number, version: DefinitionVersion): Promise<ServedDefinition> {
    const result = await this.shipped(vendorProductId, version);
    if (result.ok) return result.definition;
    throw unwrapServed(result.error);
  }

  private shipped(vendorProductId: number, version: DefinitionVersion) {
    return shared(this.served, `${version}:${vendorProductId}`, () =>
      this.servedDefinition(vendorProductId, version),
    ).then(
      (definition) => ({ ok: true as const, definition }),
      (error: unknown) => ({ ok: false as const, error }),
    );
  }

  private async fetchDefinition(
    vendorProductId: number,
    version: DefinitionVersion,
    device?: DeviceLabel,
  ): Promise<ServedDefinition> {
    // The user's stored definition wins, but opening IndexedDB takes as long as a fetch: the served copy is
    // looked for meanwhile, and its failure is said only when no stored definition answers instead.
    const served = this.shipped(vendorProductId, version);
    const stored = await this.deps.stored?.find(vendorProductId, version).catch(() => null);
    if (stored) return stored;
    const result = await served;
    if (result.ok) return result.definition;
    const { error } = result;
    this.deps.logError(error instanceof ServedDefinitionError ? error.logMessage : String(error), device);
    throw unwrapServed(error);
  }

  /** The served definition: from this page's storage cache, or the server (then cached). */
  private async servedDefinition(
    vendorProductId: number,
    version: DefinitionVersion,
  ): Promise<ServedDefinition> {
    const cacheKey = `${CACHE_PREFIX}${version}:${vendorProductId}`;
    // A stored copy is read only after the index has had its say: a changed hash drops stale copies first.
    // (Offline, with no index, the stored copy is the best there is.)
    if (this.deps.storage.getItem(cacheKey) !== null) await this.loadIndex().catch(() => null);
    const cached = this.deps.storage.getItem(cacheKey);
    if (cached) {
      try {
        const result = checkServedDefinition(JSON.parse(cached), version);
        if (result.ok) return result.value;
      } catch {
        // Corrupt cache entry: fetch a fresh copy below.
      }
      this.deps.storage.removeItem(cacheKey);
      this.deps.logError(`Stored data "${cacheKey}" was not valid and was dropped: not a valid definition`);
    }
    // Once the index is here, only what it lists is fetched: a keyboard whose definition the user stored asks
    // the server nothing. (Before it arrives, the fetch is not held back for it: the first keymap waits on this.)
    const index = this.index;
    if (index && !index.vendorProductIds[version].includes(vendorProductId))
      throw new ServedDefinitionError(`Fetching ${version} definition failed`, new Error('HTTP 404'));
    let json: unknown;
    try {
      const response = await this.deps.fetch(this.url(`definitions/${version}/${vendorProductId}.json`));
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      json = await response.json();
    } catch (error) {
      throw new ServedDefinitionError(
        `Fetching ${version} definition failed`,
        error instanceof Error ? error : new Error(String(error)),
      );
    }
    const result = checkServedDefinition(json, version);
    if (!result.ok) throw new ServedDefinitionError(result.message, new Error(result.message));
    this.fresh.add(cacheKey);
    this.write(cacheKey, JSON.stringify(result.value));
    return result.value;
  }

  /**
   * Vendor configs, fetched fresh for each keyboard load (cache bypass, extended.md §7); callers asking while
   * one request is in flight share it. Entries without numeric vendorId and productId are skipped.
   */
  vendorConfigs(): Promise<VendorConfig[]> {
    const ahead = this.configsAhead;
    this.configsAhead = null;
    if (ahead) return ahead;
    this.configsRequest ??= this.fetchConfigs().finally(() => (this.configsRequest = null));
    return this.configsRequest;
  }

  /**
   * Starts the vendor configs' fetch when a load is about to begin (start-up, once the devices are known), so
   * it travels beside the keyboard's definition and replies instead of after them; the next load uses it.
   */
  prefetchVendorConfigs(): void {
    this.configsAhead ??= this.vendorConfigs();
  }

  private async fetchConfigs(): Promise<VendorConfig[]> {
    try {
      const response = await this.deps.fetch(this.url('tabkb/configs.json'), { cache: 'no-store' });
      if (!response.ok) return [];
      const list = await response.json();
      return Array.isArray(list)
        ? list.filter(
            (c): c is VendorConfig =>
              !!c && typeof c === 'object' && Number.isInteger(c.vendorId) && Number.isInteger(c.productId),
          )
        : [];
    } catch {
      return [];
    }
  }

  /**
   * Writes to storage; when storage is full, drops cached definitions (never the user's settings or other
   * data) and retries the write once. A second failure is tolerated: the definition still works this session.
   */
  private write(key: string, value: string): void {
    try {
      this.deps.storage.setItem(key, value);
    } catch {
      this.clearCache(new Set([key]));
      try {
        this.deps.storage.setItem(key, value);
      } catch {
        // Still full: keep going without a cached copy.
      }
    }
  }

  /** Drops cached definitions except `keep`. */
  private clearCache(keep: ReadonlySet<string>): void {
    const storage = this.deps.storage;
    if (typeof storage.length !== 'number' || !storage.key) return;
    const keys: string[] = [];
    for (let i = 0; i < storage.length; i++) {
      const k = storage.key(i);
      if (k?.startsWith(CACHE_PREFIX) && !keep.has(k)) keys.push(k);
    }
    keys.forEach((k) => storage.removeItem(k));
  }
}

/** True as soon as one answer is true; false once all are false. */
function firstYes(answers: readonly Promise<boolean>[]): Promise<boolean> {
  return new Promise((resolve) => {
    let pending = answers.length;
    for (const answer of answers)
      void answer.then(
        (yes) => (yes ? resolve(true) : --pending === 0 && resolve(false)),
        () => --pending === 0 && resolve(false),
      );
  });
}

const unwrapServed = (error: unknown) => (error instanceof ServedDefinitionError ? error.cause : error);

/** The request for `id` in `requests`, made once and shared while it lasts; a failed one is not kept. */
function shared<T>(requests: Map<string, Promise<T>>, id: string, make: () => Promise<T>): Promise<T> {
  let request = requests.get(id);
  if (!request) {
    request = make();
    requests.set(id, request);
    request.catch(() => requests.delete(id));
  }
  return request;
}

function parseIndex(json: unknown): DefinitionIndex {
  const o = json as Partial<DefinitionIndex> | null;
  const ids = readIndexIds(json);
  if (!o || typeof o !== 'object' || !ids) {
    throw new Error('The definition index is malformed');
  }
  return {
    generatedAt: Number(o.generatedAt) || 0,
    hash: typeof o.hash === 'string' ? o.hash : '',
    version: typeof o.version === 'string' ? o.version : '2.0.0',
    theme: o.theme ?? { alpha: { c: '', t: '' }, mod: { c: '', t: '' }, accent: { c: '', t: '' } },
    accentColor: typeof o.accentColor === 'string' ? o.accentColor : '#ad7070',
    vendorProductIds: { v2: ids.v2, v3: ids.v3 },
  };
}

/** A served definition that could not be had: what the Errors page says, and the error the caller gets. */
class ServedDefinitionError extends Error {
  constructor(
    readonly logMessage: string,
    override readonly cause: Error,
  ) {
    super(logMessage);
    this.name = 'ServedDefinitionError';
  }
}
