import { createStore, type StoreApi } from 'zustand/vanilla';
import type { LayerOperation, LayerState } from '../formats/layerOps.ts';
import { LoadOnce } from '../lib/LoadOnce.ts';
import type * as WritingCode from './writingCommands.ts';
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

/**
 * The code of the commands that write: loaded with the first command, or prefetched when the page is idle once
 * the first keymap is drawn (src/main.tsx), so the first edit does not wait for it (issue 43: not on the first
 * screen, which only reads).
 */
export const writingCommandCode = new LoadOnce(() => import('./writingCommands.ts'));

/**
 * The user command registry for key and encoder edits: menus, shortcuts and tests all call these. Only user
 * commands enter history; keymap changes read from the device never do. Every command updates the view at
 * once and its history before the device answers; a failed write undoes both. The writing commands are
 * installed in the store as soon as their code has loaded (`writingCommandCode`); until then each loads it
 * first, so an edit made before the idle prefetch shows once that code is here.
 */
export function createCommandStore(
  devices: StoreApi<DeviceState>,
  options: CommandStoreOptions = {},
): StoreApi<CommandState> {
  let installed = false;
  const installFrom = (code: typeof WritingCode) => {
    if (installed) return;
    installed = true;
    store.setState(code.writingCommands(store.setState, store.getState, devices, options));
  };
  const install = () => writingCommandCode.load().then(installFrom);
  /** Stands for the writing command `name` until it is installed, then calls it. */
  const later = <K extends keyof WritingCommands>(name: K): WritingCommands[K] =>
    ((...args: unknown[]) =>
      install().then(() =>
        (store.getState()[name] as (...a: unknown[]) => Promise<unknown>)(...args),
      )) as WritingCommands[K];
  const store: StoreApi<CommandState> = createStore<CommandState>((set, get) => ({
    undoStack: [],
    redoStack: [],
    failure: null,
    assignKey: later('assignKey'),
    assignEncoder: later('assignEncoder'),
    undo: later('undo'),
    redo: later('redo'),
    runLayerOperation: later('runLayerOperation'),
    unlockFor: later('unlockFor'),
    record(edit) {
      set({ undoStack: [...get().undoStack, edit], redoStack: [], failure: null });
    },
    dismissFailure: () => set({ failure: null }),
    reset: () => set({ undoStack: [], redoStack: [], failure: null }),
  }));
  // Installed the moment the code is here (the idle prefetch), so from then on an edit shows at once.
  if (writingCommandCode.current) installFrom(writingCommandCode.current);
  else writingCommandCode.subscribe(() => installFrom(writingCommandCode.current!));
  // History belongs to one keyboard: selecting another starts afresh.
  devices.subscribe((state, previous) => {
    if (state.selectedPath !== previous.selectedPath) store.getState().reset();
  });
  return store;
}
