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

/**
 * An edit made of many writes that undoes as one step (a layout load): the service that made it supplies
 * how to go back and forth, so this store needs no knowledge of the writes.
 */
export interface StepEdit {
  kind: 'step';
  /** What the step was, for menus and tests (e.g. 'layout-load'). */
  label: string;
  undo(): Promise<void>;
  redo(): Promise<void>;
}

export type Edit = KeyEdit | StepEdit;

const isStep = (edit: Edit): edit is StepEdit => 'kind' in edit && edit.kind === 'step';

export interface CommandState {
  undoStack: Edit[];
  redoStack: Edit[];
  /** Assigns a keycode to a key on the device and records it for undo. */
  assignKey(layer: number, row: number, col: number, keycode: number): Promise<void>;
  /** Records an edit already made on the device (a layout load) as one undoable step. */
  record(edit: StepEdit): void;
  undo(): Promise<void>;
  redo(): Promise<void>;
  /** Forgets history (another keyboard selected). */
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
    const back = (edit: Edit) => (isStep(edit) ? edit.undo() : apply(edit, edit.from));
    const forth = (edit: Edit) => (isStep(edit) ? edit.redo() : apply(edit, edit.to));
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
        await back(edit);
        set({ undoStack: get().undoStack.slice(0, -1), redoStack: [...get().redoStack, edit] });
      },
      async redo() {
        const edit = get().redoStack.at(-1);
        if (!edit) return;
        await forth(edit);
        set({ redoStack: get().redoStack.slice(0, -1), undoStack: [...get().undoStack, edit] });
      },
      record(edit) {
        set({ undoStack: [...get().undoStack, edit], redoStack: [] });
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
