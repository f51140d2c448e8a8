import type { StoreApi } from 'zustand/vanilla';

/**
 * A store that only some keyboards or screens use, created — and its module loaded — the first time something
 * needs it, so the first screen does not ship it (docs/performance.md). Until then `current` is null: readers
 * outside React treat that as the store's initial state (nothing to reset, no transfer running), React readers
 * use `useLazyStore` (ui/AppContext.tsx) or wait with React's `use(lazy.load())` inside a Suspense boundary.
 */
export class LazyStore<T> {
  private store: StoreApi<T> | null = null;
  private pending: Promise<StoreApi<T>> | null = null;
  private readonly listeners = new Set<() => void>();

  constructor(private readonly create: () => Promise<StoreApi<T>>) {}

  /** The store if it has been created, else null (nothing is loaded by asking). */
  get current(): StoreApi<T> | null {
    return this.store;
  }

  /** Loads the store's module and creates it, once; the same promise every time (React's `use` can wait on it). */
  load(): Promise<StoreApi<T>> {
    this.pending ??= this.create().then((store) => {
      this.store = store;
      for (const listener of this.listeners) listener();
      return store;
    });
    return this.pending;
  }

  /** Calls `listener` once the store has been created (for `useSyncExternalStore`). */
  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };
}
