/**
 * Something loaded on first need — a code chunk, a table, a store, an answer from the browser — that every part
 * of the app reads the same way: `load()` starts it (once) and everyone waiting shares one promise, `ready` and
 * `current` say whether it is here without loading it, and subscribers hear the moment it arrives (for
 * `useSyncExternalStore`).
 *
 * The retry rule: a success is kept for good (the same promise from then on, as React's `use` needs); a failure
 * is not kept — everyone waiting on that load sees the error, nothing is marked here, subscribers hear nothing,
 * and the next `load()` tries again (a chunk fetched while offline, before the service worker cached it, loads
 * when the connection is back).
 */
export class LoadOnce<T> {
  private value: { readonly is: T } | null = null;
  private pending: Promise<T> | null = null;
  private readonly listeners = new Set<() => void>();

  constructor(private readonly fetch: () => Promise<T>) {}

  /** Whether it has loaded (asking loads nothing). */
  get ready(): boolean {
    return this.value !== null;
  }

  /** Whether a load has begun (or finished): what it brings is on its way. */
  get started(): boolean {
    return this.pending !== null;
  }

  /** What was loaded, or null before (asking loads nothing). */
  get current(): T | null {
    return this.value ? this.value.is : null;
  }

  /** Loads it unless it is here or on its way; the same promise for every caller until a load fails. */
  load(): Promise<T> {
    this.pending ??= this.fetch().then(
      (value) => {
        this.value = { is: value };
        for (const listener of this.listeners) listener();
        return value;
      },
      (error: unknown) => {
        this.pending = null;
        throw error;
      },
    );
    return this.pending;
  }

  /** Calls `listener` once it has loaded; returns the unsubscribe function. */
  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };
}
