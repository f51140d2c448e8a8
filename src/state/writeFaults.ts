import { createStore, type StoreApi } from 'zustand/vanilla';
import type { LayoutLoadError } from '../services/layoutTransaction.ts';
import type { MacroWriteFault } from '../services/macroSave.ts';

/**
 * Writes that stopped part-way and left the keyboard changed: a macro save, a layout load (or its restore or
 * undo). Kept here, not in a pane, so the message and the way back survive switching panes; cleared when
 * another keyboard is selected or the keyboard holds what the user saw again. The errors the faults carry
 * belong to the services that make them (services/macroSave.ts, services/layoutTransaction.ts).
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

/** What a stopped layout write was doing: a load, putting the previous layout back, or undo/redo of a load. */
export type LayoutWriteKind = 'load' | 'restore' | 'undo' | 'redo';

/** A layout write that stopped part-way: the pane names the keyboard's state and offers Retry and Restore. */
export interface LayoutFault {
  kind: LayoutWriteKind;
  error: LayoutLoadError;
  vendorProductId: number;
}

/** The app's one write-fault store (held by the device runtime). */
export type WriteFaults = StoreApi<WriteFaultState<MacroWriteFault, LayoutFault>>;
