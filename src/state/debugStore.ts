import { createStore, type StoreApi } from 'zustand/vanilla';
import type { TestKeyState } from './testerStore.ts';

/** Which layout the Debug canvas draws: the full-size dummy board, or the selected keyboard's layout. */
export type DebugLayout = 'full' | 'keyboard';

export interface DebugState {
  layout: DebugLayout;
  keys: ReadonlyMap<string, TestKeyState>;
  setLayout(layout: DebugLayout): void;
  set(code: string, state: TestKeyState): void;
  clear(): void;
}

export function createDebugStore(): StoreApi<DebugState> {
  return createStore<DebugState>((set, get) => ({
    layout: 'full',
    keys: new Map(),
    setLayout: (layout) => set({ layout, keys: new Map() }),
    set: (code, state) => {
      if (get().keys.get(code) !== state) set({ keys: new Map(get().keys).set(code, state) });
    },
    clear: () => set({ keys: new Map() }),
  }));
}
