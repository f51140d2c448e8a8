import { createContext, useContext } from 'react';
import { useStore } from 'zustand';
import type { StoreApi } from 'zustand/vanilla';
import type { SettingsState } from '../state/settingsStore.ts';
import type { ErrorState } from '../state/errorStore.ts';
import type { DeviceState } from '../state/deviceStore.ts';
import type { DeviceRuntime } from './devices/DeviceRuntime.ts';
import type { SelectionState } from '../state/selectionStore.ts';
import type { CommandState } from '../state/commands.ts';
import type { TesterState } from '../state/testerStore.ts';
import type { AppUpdateState } from './offline/serviceWorkerClient.ts';

/** The app's stores, created once in main.tsx (or by a test) and handed down; no module-level singletons. */
export interface AppStores {
  settings: StoreApi<SettingsState>;
  errors: StoreApi<ErrorState>;
  runtime: DeviceRuntime;
  selection: StoreApi<SelectionState>;
  commands: StoreApi<CommandState>;
  tester: StoreApi<TesterState>;
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
