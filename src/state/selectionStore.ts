import { createStore, type StoreApi } from 'zustand/vanilla';

/** A pane that works on the keys themselves (Keychron lighting, Snap Click): what a key shows, what a click does. */
export interface KeyPainter {
  /** The key's face colour ('#rrggbb'), or undefined to draw it as usual. */
  fill(row: number, col: number): string | undefined;
  /** A short word under the legend (a region number, a Snap Click pair), if any. */
  note?(row: number, col: number): string | undefined;
  /** A click, a drag over it, or Enter on the key. */
  paint(row: number, col: number): void;
}

/** Which keys of the canvas are selected (indexes into the drawn keys). Cleared on device change. */
export interface SelectionState {
  selected: ReadonlySet<number>;
  select(index: number | null): void;
  toggle(index: number, on: boolean): void;
  /** Bumped when the user asks for the keycode picker from the keyboard (Enter on a key). */
  pickerRequests: number;
  requestPicker(): void;
  /** On the Actuation row several keys are selected at once; elsewhere one. */
  multiSelect: boolean;
  setMultiSelect(on: boolean): void;
  /** The Configure pane on screen; kept while a keyboard restarts (firmware update) or reconnects. */
  pane: string;
  setPane(pane: string): void;
  /** While the colour palette is open: the [hue, saturation] keys are painted with (ConfigureColors mode). */
  paintColor: [number, number] | null;
  setPaintColor(color: [number, number] | null): void;
  /** The pane that draws on the keys, while it is open (it takes clicks and Enter from the keymap). */
  keyPainter: KeyPainter | null;
  setKeyPainter(painter: KeyPainter | null): void;
  /** The Actuation row's menu: it decides what the keys show (actuation point or rapid trigger). */
  actuationView: 'ap' | 'rt' | 'dks';
  setActuationView(view: 'ap' | 'rt' | 'dks'): void;
}

/**
 * No selection, keeping the same set when there was none: whatever shows the selection redraws only when it
 * changed (the Configure screen's mount clears it, which would otherwise redraw the whole screen once more).
 */
const emptied = (selected: ReadonlySet<number>) => (selected.size === 0 ? selected : new Set<number>());

export function createSelectionStore(): StoreApi<SelectionState> {
  return createStore<SelectionState>((set, get) => ({
    selected: new Set(),
    pickerRequests: 0,
    multiSelect: false,
    pane: 'keymap',
    setPane: (pane) => set({ pane }),
    actuationView: 'ap',
    setActuationView: (actuationView) => set({ actuationView }),
    paintColor: null,
    setPaintColor: (paintColor) => set((s) => ({ paintColor, selected: emptied(s.selected) })),
    keyPainter: null,
    setKeyPainter: (keyPainter) => set((s) => ({ keyPainter, selected: emptied(s.selected) })),
    setMultiSelect: (on) => set((s) => ({ multiSelect: on, selected: emptied(s.selected) })),
    requestPicker: () => set({ pickerRequests: get().pickerRequests + 1 }),
    select: (index) => set((s) => ({ selected: index === null ? emptied(s.selected) : new Set([index]) })),
    toggle: (index, on) => {
      const next = new Set(get().selected);
      if (on) next.add(index);
      else next.delete(index);
      set({ selected: next });
    },
  }));
}
