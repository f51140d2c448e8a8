import { describe, expect, it } from 'vitest';
import { createSelectionStore } from './selectionStore.ts';

describe('selection store', () => {
  it('clearing an empty selection keeps the same set, so nothing that shows it redraws', () => {
    const store = createSelectionStore();
    const empty = store.getState().selected;
    store.getState().select(null);
    store.getState().setMultiSelect(false);
    store.getState().setPaintColor(null);
    expect(store.getState().selected).toBe(empty);
  });

  it('clears a selection when multi-select or the paint colour changes, and on select(null)', () => {
    const store = createSelectionStore();
    for (const clear of [
      () => store.getState().select(null),
      () => store.getState().setMultiSelect(true),
      () => store.getState().setPaintColor([10, 200]),
    ]) {
      store.getState().select(3);
      expect([...store.getState().selected]).toEqual([3]);
      clear();
      expect(store.getState().selected.size).toBe(0);
    }
    expect(store.getState().multiSelect).toBe(true);
  });
});
