import { createStore, type StoreApi } from 'zustand/vanilla';
import type { CommandState, CommandStoreOptions, WritingCommands } from './commandTypes.ts';
import { LoadOnce } from '../lib/LoadOnce.ts';
import type * as WritingCode from './writingCommands.ts';
import type { DeviceState } from './deviceStore.ts';

export type {
  CodeEdit,
  CommandState,
  CommandStoreOptions,
  Edit,
  EncoderEdit,
  KeyEdit,
  StepEdit,
  WriteFailure,
  WritingCommands,
} from './commandTypes.ts';

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
