import { describe, expect, it } from 'vitest';
import { createLayerNamesStore, readLayerNames } from './layerNames.ts';
import { memoryStorage } from './storage.ts';

describe('layer names', () => {
  it('are stored per keyboard and read back', () => {
    const storage = memoryStorage();
    const store = createLayerNamesStore(storage);
    store.getState().rename(0x4b4c0001, 2, '  Fn  ');
    expect(store.getState().names(0x4b4c0001)).toEqual(['', '', 'Fn']);
    expect(store.getState().names(0x12345678)).toEqual([]);
    expect(readLayerNames(storage, 0x4b4c0001)).toEqual(['', '', 'Fn']);
    store.getState().rename(0x4b4c0001, 2, '');
    expect(readLayerNames(storage, 0x4b4c0001)).toEqual([]);
  });

  it('a hand-edited or broken stored value gives no names', () => {
    expect(readLayerNames(memoryStorage({ 'keyloom-layer-names:1': '{' }), 1)).toEqual([]);
    expect(readLayerNames(memoryStorage({ 'keyloom-layer-names:1': '[1,2]' }), 1)).toEqual([]);
    expect(readLayerNames(memoryStorage({ 'keyloom-layer-names:1': '["a",null]' }), 1)).toEqual(['a', '']);
  });
});
