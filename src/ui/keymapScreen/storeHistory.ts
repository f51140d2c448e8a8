import type { FrameHistory } from '../common/ConfigureFrame.tsx';

/** What a family's keyboard store holds of its edit history (a ZMK keyboard's store; VIA's command store). */
export interface StoreHistory {
  undoStack: readonly unknown[];
  redoStack: readonly unknown[];
  /** A request is running: Undo and Redo wait for it (else a step could interleave with the write). */
  busy?: boolean;
  undo(): Promise<unknown>;
  redo(): Promise<unknown>;
}

/**
 * The frame's Undo and Redo over a store's history: offered while there is a step and nothing runs; a failed step
 * goes to `onFailure` (by default dropped: the family's own failure note already shows it).
 */
export function storeHistory(
  store: StoreHistory,
  onFailure: (error: unknown) => void = () => undefined,
): FrameHistory {
  const idle = !store.busy;
  return {
    canUndo: store.undoStack.length > 0 && idle,
    canRedo: store.redoStack.length > 0 && idle,
    onUndo: () => void store.undo().catch(onFailure),
    onRedo: () => void store.redo().catch(onFailure),
  };
}
