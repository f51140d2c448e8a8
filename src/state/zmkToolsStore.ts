import type { StoreApi } from 'zustand/vanilla';
import type { KeyMove } from '../keymap/keyMoves.ts';
import { zmkVacatedBinding } from '../keymap/zmkKeyMoves.ts';
import type { ZmkBinding } from '../zmk/keymapData.ts';
import { createToolsStore, type KeymapToolsState } from './keymapToolsStore.ts';
import type { ZmkKeyboardState } from './zmkKeyboardStore.ts';

/**
 * A ZMK keyboard's keymap tools: the same state as a VIA board's, its moves run on the keyboard's store (one undo
 * step each, a refusal shown by its failure note). A moved key leaves &none on the default layer and &trans above
 * it, so a keyboard without them refuses a move. The marked layers under a shown one are kept by layer id
 * (keymap/zmkLayersUnder.ts): ZMK layers keep their ids when layers are added, removed or moved.
 */
export function createZmkToolsStore<D>(keyboard: StoreApi<ZmkKeyboardState>): StoreApi<KeymapToolsState<D>> {
  return createToolsStore<D>(async (mode, from, to) => {
    const { keymap, behaviors } = keyboard.getState();
    const vacated = keymap ? zmkVacatedBinding(keymap, behaviors, from.layer) : null;
    if (mode === 'move' && !vacated) return false;
    const move: KeyMove<ZmkBinding> =
      mode === 'swap'
        ? { kind: 'swap', a: from, b: to }
        : mode === 'move'
          ? { kind: 'move', from, to, vacated: vacated! }
          : { kind: 'copy', from, to };
    await keyboard.getState().runKeyMove(move);
  });
}
