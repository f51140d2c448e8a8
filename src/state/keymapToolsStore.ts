import { createStore, type StoreApi } from 'zustand/vanilla';
import type { KeyMove, KeyPlace } from '../keymap/keyMoves.ts';
import type { CommandState } from './commands.ts';
import type { DeviceState } from './deviceStore.ts';
import { runKeyMove, vacatedCode } from './keyMoves.ts';

/** What choosing another key does with a picked one. */
export type PickMode = 'swap' | 'move' | 'copy';

/**
 * The keymap tools beside the layer selector (created when first used: a layer above the base shown, a tool
 * opened, the pointer or focus on the keyboard): which layers the shown layer falls through to, the All layers
 * overview and Find, selecting a key by pressing it, and keys picked up to swap, move or copy. `D` is what the UI
 * does to the keys it draws (`decorate`): the store only carries it from the tools to the keyboard.
 */
export interface KeymapToolsState<D = unknown> {
  /** What the tools do to the keys the keyboard draws (marks, fall-through legends); null: nothing. */
  decorate: D | null;
  setDecorate(decorate: D | null): void;
  /** The layers marked on under each shown layer; a layer not listed here falls through to the base layer. */
  under: Readonly<Record<number, readonly number[]>>;
  setUnder(layer: number, layers: readonly number[]): void;
  panel: 'overview' | 'find' | null;
  setPanel(panel: 'overview' | 'find' | null): void;
  /** The entry buttons: opens or closes a panel, or starts or stops waiting for a press. */
  toggle(tool: 'overview' | 'find' | 'pressing'): void;
  /** Find's text. */
  query: string;
  setQuery(query: string): void;
  /** Waiting for a key press on the computer's keyboard to select the key that types it. */
  pressing: boolean;
  setPressing(on: boolean): void;
  /**
   * The last key pressed that way: its KeyboardEvent.code, its basic keycode (null: none the app knows) and the
   * positions (matrix indexes) whose base-layer binding types it.
   */
  pressed: { code: string; keycode: number | null; candidates: readonly number[] } | null;
  setPressed(pressed: KeymapToolsState['pressed']): void;
  /** A key picked up; the next key chosen is swapped with it, or gets its assignment moved or copied. */
  picked: { place: KeyPlace; mode: PickMode } | null;
  pick(place: KeyPlace, mode: PickMode): void;
  dropPicked(): void;
  /** Applies the picked key's mode to `target` (one undo step) and drops it; nothing when nothing is picked. */
  placePicked(target: KeyPlace): Promise<void>;
  /** Swaps, moves (the key left behind gets KC_TRNS, or KC_NO on the base layer) or copies: one undo step. */
  moveKey(mode: PickMode, from: KeyPlace, to: KeyPlace): Promise<void>;
  /** The last move made here, for the tools to say what happened. */
  lastMove: { mode: PickMode; from: KeyPlace; to: KeyPlace } | null;
}

/** The base layer: where a layer falls through to unless other layers are marked. */
export const BASE_LAYER = 0;

/**
 * Runs a swap, move or copy on the family's keyboard (one undo step); false when the family refused it without
 * running it (a ZMK layer without &none or &trans cannot leave a moved key behind).
 */
export type RunKeyMove = (mode: PickMode, from: KeyPlace, to: KeyPlace) => Promise<boolean | void>;

/**
 * The keymap tools' state for any family: what they show, what is picked, and `run` for the moves. A VIA or Vial
 * keyboard's comes from createKeymapToolsStore; a ZMK keyboard's screen makes its own over its keyboard's store.
 */
export function createToolsStore<D>(run: RunKeyMove): StoreApi<KeymapToolsState<D>> {
  return createStore<KeymapToolsState<D>>((set, get) => ({
    decorate: null,
    setDecorate: (decorate) => set({ decorate }),
    under: {},
    setUnder: (layer, layers) =>
      set({ under: { ...get().under, [layer]: [...new Set(layers)].sort((a, b) => a - b) } }),
    panel: null,
    setPanel: (panel) => set({ panel }),
    toggle: (tool) =>
      tool === 'pressing'
        ? get().setPressing(!get().pressing)
        : set({ panel: get().panel === tool ? null : tool }),
    query: '',
    setQuery: (query) => set({ query }),
    pressing: false,
    setPressing: (pressing) => set({ pressing, pressed: null }),
    pressed: null,
    setPressed: (pressed) => set({ pressed }),
    picked: null,
    pick: (place, mode) => set({ picked: { place, mode } }),
    dropPicked: () => set({ picked: null }),
    async placePicked(target) {
      const picked = get().picked;
      if (!picked) return;
      set({ picked: null });
      await get().moveKey(picked.mode, picked.place, target);
    },
    async moveKey(mode, from, to) {
      if (from.layer === to.layer && from.index === to.index) return;
      if ((await run(mode, from, to)) !== false) set({ lastMove: { mode, from, to }, pressed: null });
    },
    lastMove: null,
  }));
}

/** A VIA or Vial keyboard's keymap tools: moves are QMK keycodes written through the command history. */
export function createKeymapToolsStore<D>(
  devices: StoreApi<DeviceState>,
  history: StoreApi<CommandState>,
): StoreApi<KeymapToolsState<D>> {
  const store = createToolsStore<D>((mode, from, to) => {
    const move: KeyMove<number> =
      mode === 'swap'
        ? { kind: 'swap', a: from, b: to }
        : mode === 'move'
          ? { kind: 'move', from, to, vacated: vacatedCode(from.layer) }
          : { kind: 'copy', from, to };
    return runKeyMove(devices, history, move);
  });
  // Marks, picked keys and pressed keys belong to one keyboard.
  devices.subscribe((state, previous) => {
    if (state.selectedPath !== previous.selectedPath)
      store.setState({ under: {}, picked: null, pressed: null, pressing: false, lastMove: null });
  });
  return store;
}
