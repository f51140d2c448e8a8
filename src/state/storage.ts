/** The slice of the Web Storage API the stores need; injected so tests and Node can supply their own. */
export interface KeyValueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
  /** Present on Web Storage; lets caches enumerate and drop only their own keys. */
  readonly length?: number;
  key?(index: number): string | null;
}

/** In-memory storage for tests and for browsers where localStorage throws (private mode, disabled storage). */
export function memoryStorage(initial: Record<string, string> = {}): KeyValueStorage {
  const data = new Map(Object.entries(initial));
  return {
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => void data.set(key, value),
    removeItem: (key) => void data.delete(key),
    get length() {
      return data.size;
    },
    key: (index) => [...data.keys()][index] ?? null,
  };
}

/** One memory stand-in per page for each refused storage, so every caller shares what the session keeps. */
const fallback: { local: KeyValueStorage | null; session: KeyValueStorage | null } = {
  local: null,
  session: null,
};

/** `read()`'s storage if it can be written and read back; null when the browser refuses it (the getter throws). */
function usable(read: () => Storage): KeyValueStorage | null {
  try {
    const storage = read();
    const probe = '__keyloom_probe__';
    storage.setItem(probe, probe);
    storage.removeItem(probe);
    return storage;
  } catch {
    return null;
  }
}

/** The browser's localStorage when usable, else memory, so a locked-down browser still runs the app. */
export function browserStorage(): KeyValueStorage {
  return usable(() => globalThis.localStorage) ?? (fallback.local ??= memoryStorage());
}

/**
 * Whether this page's settings outlive it: false when the browser refuses site data (Chromium's "Block all
 * cookies" makes reading `localStorage` throw), so the app runs on memory and says so.
 */
export function siteDataKept(): boolean {
  return keptByBrowser(browserStorage());
}

/** Whether `storage` is the browser's own (false for the memory stand-in used where the browser refuses it). */
export function keptByBrowser(storage: KeyValueStorage): boolean {
  return storage !== fallback.local && storage !== fallback.session;
}

/** The session's storage when usable, else memory (kept for the page's life, like the local fallback). */
export function browserSessionStorage(): KeyValueStorage {
  return usable(() => globalThis.sessionStorage) ?? (fallback.session ??= memoryStorage());
}

/**
 * The browser's IndexedDB, or undefined where reading it throws (the getter itself throws in some locked-down
 * browsers; Chromium with site data blocked fails each open instead, which the database reports).
 */
export function browserIndexedDb(): IDBFactory | undefined {
  try {
    return globalThis.indexedDB ?? undefined;
  } catch {
    return undefined;
  }
}

/** The IndexedDB database holding stored definitions (state/definitionDatabase.ts). */
export const DEFINITION_DB_NAME = 'keyloom';

/**
 * The page's service worker container, or undefined where reading it throws (a SecurityError in opaque-origin
 * documents and in browsers refusing site data): the app then runs without offline use.
 */
export function browserServiceWorkers(): ServiceWorkerContainer | undefined {
  try {
    return navigator.serviceWorker;
  } catch {
    return undefined;
  }
}
