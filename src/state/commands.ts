import { createStore, type StoreApi } from 'zustand/vanilla';
import type { LayerOperation, LayerState } from '../formats/layerOps.ts';
import type { DeviceState } from './deviceStore.ts';

/** One user edit of a key assignment, with the code it replaced. */
export interface KeyEdit {
  kind?: 'key';
  layer: number;
  row: number;
  col: number;
  from: number;
  to: number;
}

/** One user edit of an encoder direction (cw: clockwise), with the code it replaced. */
export interface EncoderEdit {
  kind: 'encoder';
  layer: number;
  encoder: number;
  cw: boolean;
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

/** An edit that can be undone. */
export type Edit = KeyEdit | EncoderEdit | StepEdit;
/** An edit of one key or encoder direction. */
export type CodeEdit = KeyEdit | EncoderEdit;
/** Where an edit applies, without its codes. */
type Place = Omit<KeyEdit, 'from' | 'to'> | Omit<EncoderEdit, 'from' | 'to'>;

const isStep = (edit: Edit): edit is StepEdit => edit.kind === 'step';

/** A write that failed: the key shows `shown` again (the code before the attempt). */
export interface WriteFailure {
  edit: CodeEdit;
  shown: number;
  message: string;
}

export interface CommandState {
  undoStack: Edit[];
  redoStack: Edit[];
  /** The last write that failed, for the pane to say so at the key; cleared by the next command. */
  failure: WriteFailure | null;
  /** Assigns a keycode to a key: the key shows it at once; a failed write reverts it and leaves history as it was. */
  assignKey(layer: number, row: number, col: number, keycode: number): Promise<void>;
  /** Assigns a keycode to one direction of an encoder, undoable like a key. */
  assignEncoder(layer: number, encoder: number, cw: boolean, keycode: number): Promise<void>;
  /** Records an edit already made on the device (a layout load) as one undoable step. */
  record(edit: StepEdit): void;
  /**
   * Copies, swaps or clears layers on the device (fewest chunk writes, `formats/layerOps.ts`) as one undo step
   * labelled 'layer-copy', 'layer-swap' or 'layer-clear', and resolves with that step. `alongside` is a change
   * outside the keyboard that belongs to the step and is its own inverse (a swap's layer names): it runs after
   * the write and again after each undo and redo.
   */
  runLayerOperation(operation: LayerOperation, alongside?: () => void): Promise<StepEdit | undefined>;
  undo(): Promise<void>;
  redo(): Promise<void>;
  dismissFailure(): void;
  /** Forgets history (another keyboard selected). */
  reset(): void;
  /**
   * Waits for the Vial unlock when moving the keyboard from `before` to `after` writes a QK_BOOT, or (layout
   * loads) writes macros; rejects with a KeyboardLockedError (state/vialLockRules.ts) when the user cancels it.
   */
  unlockFor(before: LayerState, after: LayerState, options?: { macros?: boolean }): Promise<void>;
}

/**
 * The user command registry for key and encoder edits: menus, shortcuts and tests all call these. Only user
 * commands enter history; keymap changes read from the device never do. Every command updates the view at
 * once and its history before the device answers; a failed write undoes both.
 */

export interface CommandStoreOptions {
  /** Asks for the Vial unlock before a write the firmware refuses while locked (state/vialUnlockStore.ts). */
  ensureUnlocked?(reason: 'bootKey' | 'layout'): Promise<boolean>;
}

export function createCommandStore(
  devices: StoreApi<DeviceState>,
  options: CommandStoreOptions = {},
): StoreApi<CommandState> {
  const store = createStore<CommandState>((set, get) => {
    const current = (edit: Place) => {
      const keyboard = devices.getState().keyboard;
      if (!keyboard) return 0;
      if (edit.kind === 'encoder')
        return keyboard.encoders[edit.layer]?.[edit.encoder]?.[edit.cw ? 0 : 1] ?? 0;
      return keyboard.keymap[edit.layer]?.[edit.row * keyboard.definition.matrix.cols + edit.col] ?? 0;
    };
    const apply = async (edit: CodeEdit, code: number) => {
      const keyboard = devices.getState().keyboard;
      // Only a Vial keyboard has a lock; its checks load with it (state/vialLockRules.ts).
      if (options.ensureUnlocked && keyboard?.vial)
        await (await import('./vialLockRules.ts')).unlockForKey(keyboard, code, options.ensureUnlocked);
      return edit.kind === 'encoder'
        ? devices.getState().setEncoder(edit.layer, edit.encoder, edit.cw, code)
        : devices.getState().setKey(edit.layer, edit.row, edit.col, code);
    };

    /**
     * Runs one write with history already moved; on failure the stacks go back to `before` (if nothing else
     * changed them meanwhile) and the failure is kept for the pane.
     */
    async function run(
      edit: Edit,
      direction: 'back' | 'forth',
      before: Pick<CommandState, 'undoStack' | 'redoStack'>,
    ) {
      const shown = isStep(edit) ? 0 : current(edit);
      const moved = { undoStack: get().undoStack, redoStack: get().redoStack };
      try {
        if (isStep(edit)) await (direction === 'back' ? edit.undo() : edit.redo());
        else await apply(edit, direction === 'back' ? edit.from : edit.to);
      } catch (error) {
        if (get().undoStack === moved.undoStack && get().redoStack === moved.redoStack) set(before);
        if (!isStep(edit))
          set({ failure: { edit, shown, message: error instanceof Error ? error.message : String(error) } });
        throw error;
      }
    }

    async function assign(edit: CodeEdit) {
      if (edit.from === edit.to) return;
      const before = { undoStack: get().undoStack, redoStack: get().redoStack };
      set({ undoStack: [...before.undoStack, edit], redoStack: [], failure: null });
      await run(edit, 'forth', before);
    }

    return {
      undoStack: [],
      redoStack: [],
      failure: null,
      assignKey: (layer, row, col, keycode) =>
        assign({ layer, row, col, from: current({ layer, row, col }), to: keycode }),
      assignEncoder: (layer, encoder, cw, keycode) =>
        assign({
          kind: 'encoder',
          layer,
          encoder,
          cw,
          from: current({ kind: 'encoder', layer, encoder, cw }),
          to: keycode,
        }),
      async undo() {
        const edit = get().undoStack.at(-1);
        if (!edit) return;
        const before = { undoStack: get().undoStack, redoStack: get().redoStack };
        set({
          undoStack: before.undoStack.slice(0, -1),
          redoStack: [...before.redoStack, edit],
          failure: null,
        });
        await run(edit, 'back', before);
      },
      async redo() {
        const edit = get().redoStack.at(-1);
        if (!edit) return;
        const before = { undoStack: get().undoStack, redoStack: get().redoStack };
        set({
          redoStack: before.redoStack.slice(0, -1),
          undoStack: [...before.undoStack, edit],
          failure: null,
        });
        await run(edit, 'forth', before);
      },
      async runLayerOperation(operation, alongside) {
        const { applyLayerOperation } = await import('../formats/layerOps.ts');
        const keyboard = devices.getState().keyboard;
        if (!keyboard) return;
        const before: LayerState = { keymap: keyboard.keymap, encoders: keyboard.encoders };
        const after = applyLayerOperation(before, operation);
        await get().unlockFor(before, after);
        const write = async (state: LayerState) => {
          await devices.getState().writeLayers(state);
          alongside?.();
        };
        await write(after);
        const step: StepEdit = {
          kind: 'step',
          label: `layer-${operation.kind}`,
          undo: () => write(before),
          redo: () => write(after),
        };
        get().record(step);
        return step;
      },
      record(edit) {
        set({ undoStack: [...get().undoStack, edit], redoStack: [], failure: null });
      },
      async unlockFor(before, after, { macros = false } = {}) {
        const keyboard = devices.getState().keyboard;
        if (options.ensureUnlocked && keyboard?.vial)
          await (
            await import('./vialLockRules.ts')
          ).unlockForLayers(keyboard, before, after, macros, options.ensureUnlocked);
      },
      dismissFailure: () => set({ failure: null }),
      reset: () => set({ undoStack: [], redoStack: [], failure: null }),
    };
  });
  // History belongs to one keyboard: selecting another starts afresh.
  devices.subscribe((state, previous) => {
    if (state.selectedPath !== previous.selectedPath) store.getState().reset();
  });
  return store;
}
