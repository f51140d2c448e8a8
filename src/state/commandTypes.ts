import type { LayerOperation, LayerState } from '../formats/layerOps.ts';

// The command store's types, apart from the store (state/commands.ts) so the writing commands it loads on demand
// (state/writingCommands.ts) can name them without importing the store back.

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

export interface CommandStoreOptions {
  /** Asks for the Vial unlock before a write the firmware refuses while locked (state/vialUnlockStore.ts). */
  ensureUnlocked?(reason: 'bootKey' | 'layout'): Promise<boolean>;
}

/** The commands that write (state/writingCommands.ts), loaded with the first one. */
export type WritingCommands = Pick<
  CommandState,
  'assignKey' | 'assignEncoder' | 'undo' | 'redo' | 'runLayerOperation' | 'unlockFor'
>;
