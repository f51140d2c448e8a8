import { createStore, type StoreApi } from 'zustand/vanilla';
import { applyLayerOperation, type LayerOperation, type LayerState } from '../formats/layerOps.ts';
import type { DeviceState } from './deviceStore.ts';

/** One user edit that can be undone: a key assignment, with the code it replaced. */
export interface KeyEdit {
  layer: number;
  row: number;
  col: number;
  from: number;
  to: number;
}

/** A layer tool's edit (copy, swap, clear): the layers before and after, undone as one step. */
export interface LayerEdit {
  kind: 'layers';
  operation: LayerOperation;
  from: LayerState;
  to: LayerState;
}

export type Edit = KeyEdit | LayerEdit;

const isLayerEdit = (edit: Edit): edit is LayerEdit => 'kind' in edit && edit.kind === 'layers';

export interface CommandState {
  undoStack: Edit[];
  redoStack: Edit[];
  /** Assigns a keycode to a key on the device and records it for undo. */
  assignKey(layer: number, row: number, col: number, keycode: number): Promise<void>;
  /** Copies, swaps or clears layers on the device (fewest chunk writes) as one undo step. */
  runLayerOperation(operation: LayerOperation): Promise<void>;
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
    const apply = (edit: Edit, direction: 'from' | 'to') =>
      isLayerEdit(edit)
        ? devices.getState().writeLayers(edit[direction])
        : devices.getState().setKey(edit.layer, edit.row, edit.col, edit[direction]);
    return {
      undoStack: [],
      redoStack: [],
      async assignKey(layer, row, col, keycode) {
        const from = current(layer, row, col);
        if (from === keycode) return;
        await devices.getState().setKey(layer, row, col, keycode);
        set({ undoStack: [...get().undoStack, { layer, row, col, from, to: keycode }], redoStack: [] });
      },
      async runLayerOperation(operation) {
        const keyboard = devices.getState().keyboard;
        if (!keyboard) return;
        const from: LayerState = { keymap: keyboard.keymap, encoders: keyboard.encoders };
        const to = applyLayerOperation(from, operation);
        await devices.getState().writeLayers(to);
        set({ undoStack: [...get().undoStack, { kind: 'layers', operation, from, to }], redoStack: [] });
      },
      async undo() {
        const edit = get().undoStack.at(-1);
        if (!edit) return;
        await apply(edit, 'from');
        set({ undoStack: get().undoStack.slice(0, -1), redoStack: [...get().redoStack, edit] });
      },
      async redo() {
        const edit = get().redoStack.at(-1);
        if (!edit) return;
        await apply(edit, 'to');
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
