// @vitest-environment jsdom
import { act, cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createStore } from 'zustand/vanilla';
import type { FrameHistory } from '../common/ConfigureFrame.tsx';
import { useStoreHistory, type StoreHistory } from './storeHistory.ts';

const history = (over: Partial<StoreHistory> = {}) =>
  createStore<StoreHistory>(() => ({
    undoStack: [1],
    redoStack: [],
    undo: vi.fn(() => Promise.resolve()),
    redo: vi.fn(() => Promise.resolve()),
    ...over,
  }));

/** Renders the hook, counting the renders and keeping the last answer. */
function mount(store: ReturnType<typeof history>, onFailure?: (e: unknown) => void) {
  const seen: FrameHistory[] = [];
  function Probe() {
    seen.push(useStoreHistory(store, onFailure));
    return null;
  }
  render(<Probe />);
  return seen;
}

describe('Undo and Redo over a keyboard store', () => {
  afterEach(cleanup);

  it('offers Undo with a step to take back, Redo only with one to put back', () => {
    const seen = mount(history());
    expect([seen.at(-1)!.canUndo, seen.at(-1)!.canRedo]).toEqual([true, false]);
  });

  it('offers neither while a request runs', () => {
    const seen = mount(history({ redoStack: [1], busy: true }));
    expect([seen.at(-1)!.canUndo, seen.at(-1)!.canRedo]).toEqual([false, false]);
  });

  it('does not draw the screen again for an edit that leaves Undo and Redo as they were', () => {
    const store = history();
    const seen = mount(store);
    const renders = seen.length;
    act(() => store.setState({ undoStack: [1, 2] }));
    expect(seen).toHaveLength(renders);
    act(() => store.setState({ undoStack: [], redoStack: [1, 2] }));
    expect(seen.length).toBeGreaterThan(renders);
    expect([seen.at(-1)!.canUndo, seen.at(-1)!.canRedo]).toEqual([false, true]);
  });

  it('runs the store’s step of the moment and hands a failure to the caller, not to the page', async () => {
    const failed = new Error('refused');
    const onFailure = vi.fn();
    const store = history();
    const seen = mount(store, onFailure);
    // The step is looked up when Undo is pressed (VIA installs its writing commands once they have loaded).
    const undo = vi.fn(() => Promise.reject(failed));
    store.setState({ undo });
    seen.at(-1)!.onUndo();
    await vi.waitFor(() => expect(onFailure).toHaveBeenCalledWith(failed));
    expect(undo).toHaveBeenCalledOnce();
  });
});
