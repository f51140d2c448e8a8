import { arrayOf, nullable, string } from '../formats/shape.ts';
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { KeyValueStorage } from './storage.ts';
import { readStored, type ReportBadValue } from './storedValue.ts';

const PREFIX = 'keyloom-layer-names:';
/** Longest layer name kept; longer input is cut (a name is a heading, not a note). */
export const LAYER_NAME_MAX = 32;
const MAX_LAYERS = 32;

const NAMES = arrayOf(nullable(string({ max: LAYER_NAME_MAX })), { max: MAX_LAYERS });

/**
 * The names a user gave a keyboard's layers, by layer index ('' or missing: unnamed). Never throws: a bad
 * stored value is dropped and reported once (state/storedValue.ts).
 */
export function readLayerNames(
  storage: KeyValueStorage,
  vendorProductId: number,
  report?: ReportBadValue,
): string[] {
  return (readStored(storage, PREFIX + vendorProductId, NAMES, report) ?? []).map((n) => n ?? '');
}

export interface LayerNamesState {
  /** Names per keyboard (vendor/product id) renamed in this session; others are read from storage. */
  byKeyboard: Record<number, string[]>;
  names(vendorProductId: number): string[];
  rename(vendorProductId: number, layer: number, name: string): void;
}

/** Layer names stored per keyboard, so every device with the same definition shares them. */
export function createLayerNamesStore(
  storage: KeyValueStorage,
  report?: ReportBadValue,
): StoreApi<LayerNamesState> {
  return createStore<LayerNamesState>((set, get) => ({
    byKeyboard: {},
    names(vpid) {
      // Read-only: callable while rendering; the store changes only on rename.
      return get().byKeyboard[vpid] ?? readLayerNames(storage, vpid, report);
    },
    rename(vpid, layer, name) {
      if (layer < 0 || layer >= MAX_LAYERS) return;
      const names = [...get().names(vpid)];
      while (names.length <= layer) names.push('');
      names[layer] = name.trim().slice(0, LAYER_NAME_MAX);
      while (names.length > 0 && names.at(-1) === '') names.pop();
      set({ byKeyboard: { ...get().byKeyboard, [vpid]: names } });
      try {
        storage.setItem(PREFIX + vpid, JSON.stringify(names));
      } catch {
        // Full or locked storage: the name lasts for this session.
      }
    },
  }));
}
