import { createStore, type StoreApi } from 'zustand/vanilla';

/**
 * Writes that stopped part-way and left the keyboard changed: a macro save, a layout load (or its restore or
 * undo). Kept here, not in a pane, so the message and the way back survive switching panes; cleared when
 * another keyboard is selected or the keyboard holds what the user saw again. The fault shapes belong to
 * the services that make them (services/macroSave.ts, services/layoutTransaction.ts).
 */
export interface WriteFaultState<M, L> {
  macros: M | null;
  layout: L | null;
  setMacros(fault: M | null): void;
  setLayout(fault: L | null): void;
  clear(): void;
}

export function createWriteFaultStore<M, L>(): StoreApi<WriteFaultState<M, L>> {
  return createStore<WriteFaultState<M, L>>((set) => ({
    macros: null,
    layout: null,
    setMacros: (macros) => set({ macros }),
    setLayout: (layout) => set({ layout }),
    clear: () => set({ macros: null, layout: null }),
  }));
}
