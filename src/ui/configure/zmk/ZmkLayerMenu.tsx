import { useMemo } from 'react';
import { useStore } from 'zustand';
import type { StoreApi } from 'zustand/vanilla';
import type { ZmkLayerOperation } from '../../../zmk/layerEdits.ts';
import { zmkLayerMenuModel } from '../../../keymap/zmkLayerMenuModel.ts';
import { zmkSupports, type ZmkKeyboardState } from '../../../state/zmkKeyboardStore.ts';
import type { LayerMenuHandle } from '../../keymapTools/LayerMenu.tsx';
import { LayerMenuPanel } from '../../keymapTools/LayerMenuPanel.tsx';

/**
 * The layer menu's panel on a ZMK keyboard (every family's LayerMenuPanel over `zmkLayerMenuModel`): the name
 * kept on the keyboard (its limit in bytes from the keymap), Copy, Swap and Clear as set-binding requests, one
 * undo step each, and the layer order (add, move, remove, restore) as far as the firmware takes those requests (a
 * refusal is shown by the keyboard's failure note).
 */
export function ZmkLayerMenu({ store, ...handle }: LayerMenuHandle & { store: StoreApi<ZmkKeyboardState> }) {
  const keymap = useStore(store, (s) => s.keymap);
  const layer = useStore(store, (s) => s.selectedLayer);
  const behaviors = useStore(store, (s) => s.behaviors);
  const keyCount = useStore(store, (s) => s.layouts?.layouts[s.layouts.activeIndex]?.keys.length ?? 0);
  const lastStep = useStore(store, (s) => s.undoStack.at(-1));
  const canRename = useStore(store, (s) => zmkSupports(s, 'keymap.setLayerProps'));
  const busy = useStore(store, (s) => s.busy);
  const removed = useStore(store, (s) => s.removed);
  const unsupported = useStore(store, (s) => s.unsupported);
  const model = useMemo(
    () =>
      keymap &&
      zmkLayerMenuModel(keymap, behaviors, keyCount, {
        removed,
        supports: (request) => zmkSupports({ unsupported }, `keymap.${request}`),
      }),
    [keymap, behaviors, keyCount, removed, unsupported],
  );
  const id = keymap?.layers[layer]?.id;
  if (!model || id === undefined) return null;
  const state = store.getState();
  const run = async (operation: ZmkLayerOperation) => {
    const before = store.getState().undoStack.at(-1);
    await state.runLayerOperation(operation);
    const after = store.getState().undoStack.at(-1);
    return after !== before ? after : null;
  };
  return (
    <LayerMenuPanel
      {...handle}
      layer={layer}
      model={model}
      // The keyboard's failure note says why a name was refused.
      rename={canRename ? (name) => state.renameLayer(id, name.trim()).catch(() => undefined) : undefined}
      nameBytes={keymap!.maxLayerNameLength - 1}
      nameRequired
      keyboardBusy={busy}
      run={run}
      reorder={(op) =>
        op.kind === 'add'
          ? state.addLayer()
          : op.kind === 'move'
            ? state.moveLayer(op.from, op.to)
            : op.kind === 'remove'
              ? state.removeLayer(op.layer)
              : state.restoreLayer(op.id)
      }
      lastStep={lastStep}
      undo={() => state.undo()}
    />
  );
}
