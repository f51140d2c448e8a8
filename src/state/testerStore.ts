import { createStore, type StoreApi } from 'zustand/vanilla';
import { matrixChanges } from '../tester/matrix.ts';

export type TestKeyState = 'down' | 'up';

/**
 * Key Tester state. Typing mode: states by KeyboardEvent.code, repeats ignored. Matrix test mode: states by
 * matrix index (row × cols + col), from the keyboard's switch matrix. Reset and leaving /test clear both.
 */
export interface TesterState {
  keys: ReadonlyMap<string, TestKeyState>;
  matrixTest: boolean;
  matrixKeys: ReadonlyMap<number, TestKeyState>;
  set(code: string, state: TestKeyState): void;
  setMatrixTest(on: boolean): void;
  /** One switch-matrix read: toggles every key whose bit changed since the last read. */
  applyMatrix(pressed: readonly boolean[][], cols: number): void;
  reset(): void;
}

export function createTesterStore(): StoreApi<TesterState> {
  let last: readonly boolean[][] | null = null;
  return createStore<TesterState>((set, get) => ({
    keys: new Map(),
    matrixTest: false,
    matrixKeys: new Map(),
    set: (code, state) => {
      if (get().keys.get(code) !== state) set({ keys: new Map(get().keys).set(code, state) });
    },
    setMatrixTest: (matrixTest) => {
      last = null;
      set({ matrixTest, matrixKeys: new Map() });
    },
    applyMatrix: (pressed, cols) => {
      const changes = matrixChanges(last, pressed, cols);
      last = pressed;
      if (changes.length === 0) return;
      const next = new Map(get().matrixKeys);
      for (const { index, state } of changes) next.set(index, state);
      set({ matrixKeys: next });
    },
    reset: () => {
      last = null;
      set({ keys: new Map(), matrixKeys: new Map() });
    },
  }));
}
