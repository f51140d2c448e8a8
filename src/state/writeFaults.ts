import { createStore, type StoreApi } from 'zustand/vanilla';
import type { LayoutFault } from '../services/layoutTransaction.ts';
import type { MacroWriteFault } from '../services/macroSave.ts';

/**
 * Where the faults are kept beyond this page: the keyboard may be unplugged in the middle of a write, or the page
 * reloaded, and the record must be there when it is back (state/unfinishedWrites.ts). `save` updates the parts it
 * is given; null forgets that part.
 */
export interface WriteFaultPersistence<M, L> {
  save(owner: number, part: { macros?: M | null; layout?: L | null }): void;
}

/**
 * Writes that stopped part-way and left the keyboard changed: a macro save, a layout load (or its restore or
 * undo). Kept here, not in a pane, so the message and the way back survive switching panes; every set is also
 * stored for the keyboard (`owner`, its vendor/product id) so an unplug or a reload does not lose it. Selecting
 * another keyboard only forgets them here; resolving one (a later complete write) forgets it in storage too. The
 * fault shapes belong to the services that make them (services/macroSave.ts, services/layoutTransaction.ts).
 */
export interface WriteFaultState<M, L> {
  /** The keyboard (vendor/product id) the faults below are about, or null. */
  owner: number | null;
  macros: M | null;
  layout: L | null;
  /** Records a stopped macro save on keyboard `owner` (null: its macros are whole again). */
  setMacros(fault: M | null, owner: number): void;
  /** Records a stopped layout write on keyboard `owner` (null: it finished). */
  setLayout(fault: L | null, owner: number): void;
  /** Shows what was recorded for a keyboard that has just loaded (read from storage, so not stored again). */
  restore(owner: number, faults: { macros: M | null; layout: L | null }): void;
  /** Another keyboard was selected: forgotten here, kept in storage for when this one is back. */
  clear(): void;
}

export function createWriteFaultStore<M, L>(
  persistence?: WriteFaultPersistence<M, L>,
): StoreApi<WriteFaultState<M, L>> {
  return createStore<WriteFaultState<M, L>>((set, get) => {
    // A fault about another keyboard than the one shown replaces what is shown (the other's stays stored).
    const mine = (owner: number) => (get().owner === owner ? {} : { macros: null, layout: null });
    return {
      owner: null,
      macros: null,
      layout: null,
      setMacros: (macros, owner) => {
        set({ ...mine(owner), owner, macros });
        persistence?.save(owner, { macros });
      },
      setLayout: (layout, owner) => {
        set({ ...mine(owner), owner, layout });
        persistence?.save(owner, { layout });
      },
      restore: (owner, { macros, layout }) => set({ owner, macros, layout }),
      clear: () => set({ owner: null, macros: null, layout: null }),
    };
  });
}

/** The app's one write-fault store (held by the device runtime). */
export type WriteFaults = StoreApi<WriteFaultState<MacroWriteFault, LayoutFault>>;
export type { LayoutFault, LayoutWriteKind } from '../services/layoutTransaction.ts';
