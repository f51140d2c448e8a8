import type { StoreApi } from 'zustand/vanilla';
import type { LayerState } from '../formats/layerOps.ts';
import type { DeviceState } from './deviceStore.ts';
import { setEncoder, setKey, writeLayers } from './deviceWrites.ts';
import type {
  CodeEdit,
  CommandState,
  CommandStoreOptions,
  Edit,
  EncoderEdit,
  KeyEdit,
  StepEdit,
  WritingCommands,
} from './commandTypes.ts';

/** Where an edit applies, without its codes. */
type Place = Omit<KeyEdit, 'from' | 'to'> | Omit<EncoderEdit, 'from' | 'to'>;

const isStep = (edit: Edit): edit is StepEdit => edit.kind === 'step';

/**
 * The commands that write to the keyboard, over the command store's `set` and `get`: `createCommandStore`
 * installs them as soon as this module has loaded (the idle prefetch, or the first command), since no first
 * keymap needs them (issue 43). Every command updates the view at once and its history before the device
 * answers; a failed write undoes both.
 */
export function writingCommands(
  set: StoreApi<CommandState>['setState'],
  get: StoreApi<CommandState>['getState'],
  devices: StoreApi<DeviceState>,
  options: CommandStoreOptions,
): WritingCommands {
  const current = (edit: Place) => {
    const keyboard = devices.getState().keyboard;
    if (!keyboard) return 0;
    if (edit.kind === 'encoder') return keyboard.encoders[edit.layer]?.[edit.encoder]?.[edit.cw ? 0 : 1] ?? 0;
    return keyboard.keymap[edit.layer]?.[edit.row * keyboard.definition.matrix.cols + edit.col] ?? 0;
  };
  const apply = async (edit: CodeEdit, code: number) => {
    const keyboard = devices.getState().keyboard;
    // Only a Vial keyboard has a lock; its checks load with it (state/vialLockRules.ts).
    if (options.ensureUnlocked && keyboard?.vial)
      await (await import('./vialLockRules.ts')).unlockForKey(keyboard, code, options.ensureUnlocked);
    return edit.kind === 'encoder'
      ? setEncoder(devices, edit.layer, edit.encoder, edit.cw, code)
      : setKey(devices, edit.layer, edit.row, edit.col, code);
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
        await writeLayers(devices, state);
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
    async unlockFor(before, after, { macros = false } = {}) {
      const keyboard = devices.getState().keyboard;
      if (options.ensureUnlocked && keyboard?.vial)
        await (
          await import('./vialLockRules.ts')
        ).unlockForLayers(keyboard, before, after, macros, options.ensureUnlocked);
    },
  };
}
