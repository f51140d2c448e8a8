import { describe, expect, it, vi } from 'vitest';
import { storeHistory } from './storeHistory.ts';

const store = (over: Partial<Parameters<typeof storeHistory>[0]> = {}) => ({
  undoStack: [1],
  redoStack: [] as unknown[],
  undo: vi.fn(() => Promise.resolve()),
  redo: vi.fn(() => Promise.resolve()),
  ...over,
});

describe('Undo and Redo over a keyboard store', () => {
  it('offers Undo with a step to take back, Redo only with one to put back', () => {
    const history = storeHistory(store());
    expect([history.canUndo, history.canRedo]).toEqual([true, false]);
  });

  it('offers neither while a request runs', () => {
    const history = storeHistory(store({ redoStack: [1], busy: true }));
    expect([history.canUndo, history.canRedo]).toEqual([false, false]);
  });

  it('runs the store’s step and hands a failure to the caller, not to the page', async () => {
    const failed = new Error('refused');
    const onFailure = vi.fn();
    const s = store({ undo: vi.fn(() => Promise.reject(failed)) });
    storeHistory(s, onFailure).onUndo();
    await vi.waitFor(() => expect(onFailure).toHaveBeenCalledWith(failed));
    expect(s.undo).toHaveBeenCalledOnce();
  });
});
