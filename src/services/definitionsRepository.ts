import { readIndexIds, type DefinitionIndex } from '../definitions/buildIndex.ts';
import type { DefinitionVersion, ServedDefinition } from '../definitions/compile.ts';
import { loadCompiler } from '../definitions/loadCompiler.ts';
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

// The compiler loads lazily: the reader's schema validators are large and only needed when a definition arrives.
const compiler = loadCompiler;

/**
 * Keyboard definitions: the served index, each definition fetched once and cached in storage (dropped when the
 * definitions hash changes), local definitions a user loaded (drafts, virtual keyboards built from a file),
 * and the vendor config list. A definition that fails validation is refused whole.
 */
export class DefinitionsRepository {
  private index: DefinitionIndex | null = null;
  private readonly local = new Map<string, ServedDefinition>();

  constructor(private readonly deps: RepositoryDeps) {}

  private url(path: string): string {
    return new URL(path, this.deps.baseUrl).toString();
  }

  /** Fetches the index (bypassing the HTTP cache); a changed hash clears cached definitions. */
  async loadIndex(): Promise<DefinitionIndex> {
    const response = await this.deps.fetch(this.url('definitions/supported_kbs.json'), { cache: 'reload' });
    if (!response.ok) throw new Error(`Fetching the definition index failed (HTTP ${response.status})`);
    const index = parseIndex(await response.json());
    if (this.deps.storage.getItem(HASH_KEY) !== index.hash) {
      this.clearCache();
      this.write(HASH_KEY, index.hash);
    }
    this.index = index;
    return index;
  }

  /** Whether a definition of `version` exists for the keyboard (local, stored by the user, or served). */
  async isSupported(vendorProductId: number, version: DefinitionVersion): Promise<boolean> {
    if (this.local.has(`${version}:${vendorProductId}`)) return true;
    if (await this.deps.stored?.has(vendorProductId, version)) return true;
    const index = this.index ?? (await this.loadIndex().catch(() => null));
    return index?.vendorProductIds[version].includes(vendorProductId) ?? false;
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
    return this.deps.stored ? this.deps.stored.remove(vendorProductId, version) : { ok: true };
  }

  /** The definition, from local drafts, the cache, or the server (then cached). Throws on failure. */
  async definition(
    vendorProductId: number,
    version: DefinitionVersion,
    device?: DeviceLabel,
  ): Promise<ServedDefinition> {
    const local = this.local.get(`${version}:${vendorProductId}`);
    if (local) return local;
    const stored = await this.deps.stored?.find(vendorProductId, version);
    if (stored) return stored;
    const { validateServedDefinition } = await compiler();
    const cacheKey = `${CACHE_PREFIX}${version}:${vendorProductId}`;
    const cached = this.deps.storage.getItem(cacheKey);
    if (cached) {
      try {
        const result = validateServedDefinition(JSON.parse(cached), version);
        if (result.ok) return result.value;
      } catch {
        // Corrupt cache entry: fetch a fresh copy below.
      }
      this.deps.storage.removeItem(cacheKey);
      this.deps.logError(`Stored data "${cacheKey}" was not valid and was dropped: not a valid definition`);
    }
    let json: unknown;
    try {
      const response = await this.deps.fetch(this.url(`definitions/${version}/${vendorProductId}.json`));
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      json = await response.json();
    } catch (error) {
      this.deps.logError(`Fetching ${version} definition failed`, device);
      throw error instanceof Error ? error : new Error(String(error));
    }
    const result = validateServedDefinition(json, version);
    if (!result.ok) {
      this.deps.logError(result.message, device);
      throw new Error(result.message);
    }
    this.write(cacheKey, JSON.stringify(result.value));
    return result.value;
  }

  /** Vendor configs, fetched fresh each time; entries without numeric vendorId and productId are skipped. */
  async vendorConfigs(): Promise<VendorConfig[]> {
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
      this.clearCache();
      try {
        this.deps.storage.setItem(key, value);
      } catch {
        // Still full: keep going without a cached copy.
      }
    }
  }

  private clearCache(): void {
    const storage = this.deps.storage;
    if (typeof storage.length !== 'number' || !storage.key) return;
    const keys: string[] = [];
    for (let i = 0; i < storage.length; i++) {
      const k = storage.key(i);
      if (k?.startsWith(CACHE_PREFIX)) keys.push(k);
    }
    keys.forEach((k) => storage.removeItem(k));
  }
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
