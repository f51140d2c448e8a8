import { createStore, type StoreApi } from 'zustand/vanilla';

export type TestKeyState = 'down' | 'up';

/** Key Tester state by KeyboardEvent.code; repeats are ignored, Reset and leaving /test clear it. */
export interface TesterState {
  keys: ReadonlyMap<string, TestKeyState>;
  set(code: string, state: TestKeyState): void;
  reset(): void;
}

export function createTesterStore(): StoreApi<TesterState> {
  return createStore<TesterState>((set, get) => ({
    keys: new Map(),
    set: (code, state) => {
      if (get().keys.get(code) !== state) set({ keys: new Map(get().keys).set(code, state) });
    },
    reset: () => set({ keys: new Map() }),
  }));
}
