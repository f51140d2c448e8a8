import { createStore, type StoreApi } from 'zustand/vanilla';
import type { DeviceState } from './deviceStore.ts';

/** One user edit that can be undone: a key assignment, with the code it replaced. */
export interface KeyEdit {
  layer: number;
  row: number;
  col: number;
  from: number;
  to: number;
}

export interface CommandState {
  undoStack: KeyEdit[];
  redoStack: KeyEdit[];
  /** Assigns a keycode to a key on the device and records it for undo. */
  assignKey(layer: number, row: number, col: number, keycode: number): Promise<void>;
  undo(): Promise<void>;
  redo(): Promise<void>;
  /** Forgets history (another keyboard selected, or a layout file loaded). */
  reset(): void;
}

/**
 * The user command registry for key edits: menus, shortcuts and tests all call these. Only user commands
 * enter history; keymap changes read from the device never do.
 */
export function createCommandStore(devices: StoreApi<DeviceState>): StoreApi<CommandState> {
  const store = createStore<CommandState>((set, get) => {
    const current = (layer: number, row: number, col: number) => {
      const keyboard = devices.getState().keyboard;
      return keyboard?.keymap[layer]?.[row * keyboard.definition.matrix.cols + col] ?? 0;
    };
    const apply = (edit: KeyEdit, code: number) =>
      devices.getState().setKey(edit.layer, edit.row, edit.col, code);
    return {
      undoStack: [],
      redoStack: [],
      async assignKey(layer, row, col, keycode) {
        const from = current(layer, row, col);
        if (from === keycode) return;
        await devices.getState().setKey(layer, row, col, keycode);
        set({ undoStack: [...get().undoStack, { layer, row, col, from, to: keycode }], redoStack: [] });
      },
      async undo() {
        const edit = get().undoStack.at(-1);
        if (!edit) return;
        await apply(edit, edit.from);
        set({ undoStack: get().undoStack.slice(0, -1), redoStack: [...get().redoStack, edit] });
      },
      async redo() {
        const edit = get().redoStack.at(-1);
        if (!edit) return;
        await apply(edit, edit.to);
        set({ redoStack: get().redoStack.slice(0, -1), undoStack: [...get().undoStack, edit] });
      },
      reset: () => set({ undoStack: [], redoStack: [] }),
    };
  });
  // History belongs to one keyboard: selecting another starts afresh.
  devices.subscribe((state, previous) => {
    if (state.selectedPath !== previous.selectedPath) store.getState().reset();
  });
  return store;
}
