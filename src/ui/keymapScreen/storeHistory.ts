import { useMemo } from 'react';
import { useStore, type StoreApi } from 'zustand';
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

const drop = () => undefined;

/**
 * The frame's Undo and Redo over a store's history, for every family's screen: offered while there is a step and
 * nothing runs; a failed step goes to `onFailure` (by default dropped: the family's own failure note already shows
 * it). The screen follows two yes/no answers, not the stacks: an edit that leaves both as they were (the second
 * key changed) does not draw it again. The step run is the store's own at the time (VIA's writing commands are
 * installed in its store once their code has loaded).
 */
export function useStoreHistory(
  store: StoreApi<StoreHistory>,
  onFailure: (error: unknown) => void = drop,
): FrameHistory {
  const canUndo = useStore(store, (s) => s.undoStack.length > 0 && !s.busy);
  const canRedo = useStore(store, (s) => s.redoStack.length > 0 && !s.busy);
  return useMemo(
    () => ({
      canUndo,
      canRedo,
      onUndo: () => void store.getState().undo().catch(onFailure),
      onRedo: () => void store.getState().redo().catch(onFailure),
    }),
    [store, canUndo, canRedo, onFailure],
  );
}
