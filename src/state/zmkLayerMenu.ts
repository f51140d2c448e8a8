import type { StoreApi } from 'zustand/vanilla';
import type { LayerMenuFamily } from '../keymap/layerMenuModel.ts';
import { zmkLayerMenuModel } from '../keymap/zmkLayerMenuModel.ts';
import type { ZmkLayerOperation } from '../zmk/layerEdits.ts';
import { activeKeyCount } from '../zmk/physicalLayout.ts';
import { zmkSupports, type ZmkKeyboardState } from './zmkKeyboardStore.ts';

/**
 * What a ZMK keyboard gives every family's layer menu (ui/keymapTools/LayerMenuPanel.tsx), from its store as it is
 * now: `zmkLayerMenuModel` over the selected physical layout's keys, the name kept on the keyboard (its limit in
 * bytes from the keymap), Copy, Swap and Clear as set-binding requests, one undo step each, and the layer order
 * (add, move, remove, restore) as far as the firmware takes those requests. A refusal is shown by the keyboard's
 * failure note (nothing for the panel to say). None before the keymap is read.
 */
export function zmkLayerMenu(store: StoreApi<ZmkKeyboardState>): LayerMenuFamily<ZmkLayerOperation> | null {
  const state = store.getState();
  const { keymap, selectedLayer: layer } = state;
  const id = keymap?.layers[layer]?.id;
  if (!keymap || id === undefined) return null;
  const lastStep = () => store.getState().undoStack.at(-1);
  return {
    layer,
    model: zmkLayerMenuModel(keymap, state.behaviors, activeKeyCount(state.layouts), {
      removed: state.removed,
      supports: (request) => zmkSupports(state, `keymap.${request}`),
    }),
    rename: zmkSupports(state, 'keymap.setLayerProps')
      ? (name) => state.renameLayer(id, name.trim()).catch(() => undefined)
      : undefined,
    nameBytes: keymap.maxLayerNameLength - 1,
    nameRequired: true,
    keyboardBusy: state.busy,
    // The step the operation left on the undo stack; none when it changed nothing.
    run: async (operation) => {
      const before = lastStep();
      await state.runLayerOperation(operation);
      const after = lastStep();
      return after !== before ? after : null;
    },
    reorder: (op) =>
      op.kind === 'add'
        ? state.addLayer()
        : op.kind === 'move'
          ? state.moveLayer(op.from, op.to)
          : op.kind === 'remove'
            ? state.removeLayer(op.layer)
            : state.restoreLayer(op.id),
    lastStep: lastStep(),
    undo: () => state.undo(),
  };
}
