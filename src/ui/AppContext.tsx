import { createContext, useContext, useSyncExternalStore } from 'react';
import { useStore } from 'zustand';
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { LazyStore } from '../state/lazyStore.ts';
import type { SettingsState } from '../state/settingsStore.ts';
import type { ErrorState } from '../state/errorStore.ts';
import type { DeviceState } from '../state/deviceStore.ts';
import type { DeviceRuntime } from '../app/DeviceRuntime.ts';
import type { SelectionState } from '../state/selectionStore.ts';
import type { CommandState } from '../state/commands.ts';
import type { TesterState } from '../state/testerStore.ts';
import type { KeymapToolsState } from '../state/keymapToolsStore.ts';
import type { DecorateKeys } from './common/canvasKey.ts';
import type { LayerNamesState } from '../state/layerNames.ts';
import type { DeviceJobsState } from '../state/deviceJobs.ts';
import type { AppUpdateState } from '../app/serviceWorkerClient.ts';

/** The app's stores, created once in main.tsx (or by a test) and handed down; no module-level singletons. */
export interface AppStores {
  settings: StoreApi<SettingsState>;
  errors: StoreApi<ErrorState>;
  runtime: DeviceRuntime;
  selection: StoreApi<SelectionState>;
  commands: StoreApi<CommandState>;
  /** The Key Tester's keys, created when the tester first shows. */
  tester: LazyStore<TesterState>;
  /** The keymap tools (All layers, Find, select by pressing, key moves), created with their first use. */
  keymapTools: LazyStore<KeymapToolsState<DecorateKeys>>;
  /** Names users give layers, per keyboard. */
  layerNames: StoreApi<LayerNamesState>;
  /** Layout loads and macro saves as one command each, with their progress; created with the first. */
  jobs: LazyStore<DeviceJobsState>;
  /** A new app version waiting in the service worker (docs/offline.md). */
  appUpdate: StoreApi<AppUpdateState>;
}

export const AppStoresContext = createContext<AppStores | null>(null);

export function useAppStores(): AppStores {
  const stores = useContext(AppStoresContext);
  if (!stores) throw new Error('AppStoresContext is missing: render inside <AppStoresContext value={…}>');
  return stores;
}

export function useSettings<T>(selector: (s: SettingsState) => T): T {
  return useStore(useAppStores().settings, selector);
}

export function useErrors<T>(selector: (s: ErrorState) => T): T {
  return useStore(useAppStores().errors, selector);
}

export function useDevices<T>(selector: (s: DeviceState) => T): T {
  return useStore(useAppStores().runtime.store, selector);
}

export function useSelection<T>(selector: (s: SelectionState) => T): T {
  return useStore(useAppStores().selection, selector);
}

export function useCommands<T>(selector: (s: CommandState) => T): T {
  return useStore(useAppStores().commands, selector);
}

/** The names a user gave the selected keyboard's layers ('' for unnamed), by layer index. */
export function useLayerNames(vendorProductId: number | undefined): string[] {
  const store = useAppStores().layerNames;
  const names = useStore(store, (s) =>
    vendorProductId === undefined ? undefined : s.byKeyboard[vendorProductId],
  );
  return names ?? (vendorProductId === undefined ? NO_NAMES : store.getState().names(vendorProductId));
}
const NO_NAMES: string[] = [];

const NOT_CREATED = createStore(() => ({}));

/**
 * A value of a store created on first need (state/lazyStore.ts): `initial` until something creates the store,
 * then `selector` of its state. Reading does not create it; components inside a Suspense boundary that need the
 * store itself use React's `use(lazy.load())`.
 */
export function useLazyStore<T, U>(lazy: LazyStore<T>, selector: (s: T) => U, initial: U): U {
  const store = useSyncExternalStore(lazy.subscribe, () => lazy.current);
  return useStore((store ?? NOT_CREATED) as StoreApi<T>, store ? selector : () => initial);
}
