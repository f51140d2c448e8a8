import type { StoreApi } from 'zustand/vanilla';
import { LoadOnce } from '../lib/LoadOnce.ts';

/**
 * A store that only some keyboards or screens use, created — and its module loaded — the first time something
 * needs it, so the first screen does not ship it (docs/performance.md). Until then `current` is null: readers
 * outside React treat that as the store's initial state (nothing to reset, no transfer running), React readers
 * use `useLazyStore` (ui/AppContext.tsx) or wait with React's `use(lazy.load())` inside a Suspense boundary.
 * Loading, subscribing and retrying after a failed chunk are LoadOnce's (lib/LoadOnce.ts).
 */
export class LazyStore<T> extends LoadOnce<StoreApi<T>> {}
