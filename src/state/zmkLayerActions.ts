import type { ZmkSession } from '../services/zmkSession.ts';
import type { ZmkKeymapData, ZmkLayer } from '../zmk/keymapData.ts';
import type { ZmkEdit, ZmkFailure } from './zmkEdit.ts';

/** The layer list's commands on a ZMK keyboard (docs/zmk-studio-protocol.md "Layers: ids, indexes"). */
export interface ZmkLayerActions {
  /** Adds a layer from a spare slot, at the end, and shows it. */
  addLayer(): Promise<void>;
  /** Takes the layer at `index` out of the order; it stays restorable. */
  removeLayer(index: number): Promise<void>;
  /** Puts a removed layer back at `atIndex` (the end by default). */
  restoreLayer(layerId: number, atIndex?: number): Promise<void>;
  moveLayer(from: number, to: number): Promise<void>;
  /** Renames on the keyboard; the name must be shorter than `maxLayerNameLength` UTF-8 bytes. */
  renameLayer(layerId: number, name: string): Promise<void>;
}

/** The part of the keyboard's state the layer commands read and write. */
interface LayerView {
  keymap: ZmkKeymapData | null;
  selectedLayer: number;
  removed: ZmkLayer[];
  unsaved: boolean;
  busy: boolean;
}

interface Context {
  session: ZmkSession;
  get(): LayerView;
  set(partial: Partial<LayerView>): void;
  guarded<T>(run: () => Promise<T>, rollback: () => void, key?: ZmkFailure['key']): Promise<T>;
  record(edit: ZmkEdit): void;
}

/**
 * Layer commands: each runs one request, updates the keymap from its reply (indexes shift, ids stay), keeps the
 * shown layer where the user was, and records how to go back as one undo step (an added layer is removed, a
 * removed one restored where it was, a move moved back, a rename renamed back).
 */
export function zmkLayerActions({ session, get, set, guarded, record }: Context): ZmkLayerActions {
  const keymap = (): ZmkKeymapData => {
    const current = get().keymap;
    if (!current) throw new Error('No ZMK keymap is loaded.');
    return current;
  };
  const busy = async <T>(run: () => Promise<T>): Promise<T> => {
    set({ busy: true });
    try {
      return await run();
    } finally {
      set({ busy: false });
    }
  };
  /** The shown layer, by id, stays shown when indexes shift; else the nearest index. */
  const showing = (next: ZmkKeymapData, preferId?: number) => {
    const id = preferId ?? get().keymap?.layers[get().selectedLayer]?.id;
    const index = next.layers.findIndex((l) => l.id === id);
    return index >= 0 ? index : Math.max(0, Math.min(get().selectedLayer, next.layers.length - 1));
  };

  async function add(): Promise<{ index: number; layer: ZmkLayer }> {
    const added = await guarded(
      () => session.keymap.addLayer(),
      () => undefined,
    );
    const current = keymap();
    const layers = [...current.layers];
    layers.splice(added.index, 0, added.layer);
    const next = { ...current, layers, availableLayers: Math.max(0, current.availableLayers - 1) };
    set({
      keymap: next,
      unsaved: true,
      selectedLayer: added.index,
      removed: get().removed.filter((l) => l.id !== added.layer.id),
    });
    return added;
  }

  async function remove(index: number): Promise<ZmkLayer> {
    const current = keymap();
    const layer = current.layers[index];
    if (!layer) throw new Error(`No layer at index ${index}.`);
    await guarded(
      () => session.keymap.removeLayer(index),
      () => undefined,
    );
    const next = {
      ...current,
      layers: current.layers.filter((_, i) => i !== index),
      availableLayers: current.availableLayers + 1,
    };
    set({
      keymap: next,
      unsaved: true,
      selectedLayer: showing(next),
      removed: [...get().removed.filter((l) => l.id !== layer.id), layer],
    });
    return layer;
  }

  async function restore(layerId: number, atIndex: number): Promise<void> {
    const current = keymap();
    const at = Math.min(atIndex, current.layers.length);
    const layer = await guarded(
      () => session.keymap.restoreLayer(layerId, at),
      () => undefined,
    );
    const layers = [...current.layers];
    layers.splice(at, 0, layer);
    const next = { ...current, layers, availableLayers: Math.max(0, current.availableLayers - 1) };
    set({
      keymap: next,
      unsaved: true,
      selectedLayer: at,
      removed: get().removed.filter((l) => l.id !== layerId),
    });
  }

  async function move(from: number, to: number): Promise<void> {
    const next = await guarded(
      () => session.keymap.moveLayer(from, to),
      () => undefined,
    );
    set({ keymap: next, unsaved: true, selectedLayer: showing(next) });
  }

  async function rename(layerId: number, name: string): Promise<void> {
    const current = keymap();
    await guarded(
      () => session.keymap.setLayerName(layerId, name, current.maxLayerNameLength),
      () => undefined,
    );
    const now = keymap();
    set({
      keymap: { ...now, layers: now.layers.map((l) => (l.id === layerId ? { ...l, name } : l)) },
      unsaved: true,
    });
  }

  return {
    addLayer: () =>
      busy(async () => {
        const added = await add();
        let index = added.index;
        record({
          kind: 'step',
          label: 'layer-add',
          undo: async () => void (await remove(index)),
          redo: async () => {
            // The layer comes back as it was added: restored by id (add would take the lowest free slot).
            await restore(added.layer.id, index);
            index = Math.min(index, keymap().layers.length - 1);
          },
        });
      }),
    removeLayer: (index) =>
      busy(async () => {
        const layer = await remove(index);
        record({
          kind: 'step',
          label: 'layer-remove',
          undo: () => restore(layer.id, index),
          redo: async () => void (await remove(index)),
        });
      }),
    restoreLayer: (layerId, atIndex) =>
      busy(async () => {
        const at = Math.min(atIndex ?? keymap().layers.length, keymap().layers.length);
        await restore(layerId, at);
        record({
          kind: 'step',
          label: 'layer-restore',
          undo: async () => void (await remove(at)),
          redo: () => restore(layerId, at),
        });
      }),
    moveLayer: (from, to) =>
      busy(async () => {
        if (from === to) return;
        await move(from, to);
        record({ kind: 'step', label: 'layer-move', undo: () => move(to, from), redo: () => move(from, to) });
      }),
    renameLayer: (layerId, name) =>
      busy(async () => {
        const before = keymap().layers.find((l) => l.id === layerId)?.name ?? '';
        if (before === name) return;
        await rename(layerId, name);
        // An empty name is ignored by the firmware, so a layer that had none cannot get "none" back.
        if (before)
          record({
            kind: 'step',
            label: 'layer-rename',
            undo: () => rename(layerId, before),
            redo: () => rename(layerId, name),
          });
      }),
  };
}
