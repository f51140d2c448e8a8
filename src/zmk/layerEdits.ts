import type { ZmkBinding, ZmkLayer } from './keymapData.ts';

/** One `set_layer_binding`: the binding for a key position (selected layout's order) of the layer `layerId`. */
export interface ZmkBindingWrite {
  layerId: number;
  position: number;
  binding: ZmkBinding;
}

/** The layer tools on a ZMK keyboard, by layer id (ids, not indexes: they survive a move). */
export type ZmkLayerOperation =
  | { kind: 'copy'; from: number; to: number }
  | { kind: 'swap'; a: number; b: number }
  | { kind: 'clear'; layer: number; binding: ZmkBinding };

const same = (a: ZmkBinding, b: ZmkBinding) =>
  a.behaviorId === b.behaviorId && a.param1 === b.param1 && a.param2 === b.param2;

/**
 * The set-binding requests a layer operation takes, and the ones that put everything back — only the key
 * positions whose binding changes, and only the first `positions` (the keys the selected physical layout has);
 * positions the layout leaves unmapped (behavior id 0) are neither read from nor written to (the firmware
 * refuses them). Throws for a layer id the keymap does not show.
 */
export function layerOperationWrites(
  layers: readonly ZmkLayer[],
  operation: ZmkLayerOperation,
  positions: number,
): { writes: ZmkBindingWrite[]; undo: ZmkBindingWrite[] } {
  const layer = (id: number) => {
    const found = layers.find((l) => l.id === id);
    if (!found) throw new Error(`No layer with id ${id} is shown.`);
    return found;
  };
  const target: Record<number, (position: number) => ZmkBinding | null> = {};
  if (operation.kind === 'copy') {
    const from = layer(operation.from);
    layer(operation.to);
    target[operation.to] = (p) => from.bindings[p] ?? null;
  } else if (operation.kind === 'swap') {
    const a = layer(operation.a);
    const b = layer(operation.b);
    target[operation.a] = (p) => b.bindings[p] ?? null;
    target[operation.b] = (p) => a.bindings[p] ?? null;
  } else {
    layer(operation.layer);
    target[operation.layer] = () => operation.binding;
  }
  const writes: ZmkBindingWrite[] = [];
  const undo: ZmkBindingWrite[] = [];
  for (const [id, next] of Object.entries(target)) {
    const current = layer(Number(id));
    for (let position = 0; position < positions; position++) {
      const before = current.bindings[position];
      const after = next(position);
      if (!before || !after || before.behaviorId === 0 || after.behaviorId === 0 || same(before, after))
        continue;
      writes.push({ layerId: current.id, position, binding: { ...after } });
      undo.push({ layerId: current.id, position, binding: { ...before } });
    }
  }
  return { writes, undo };
}

/** The layers with `writes` applied (the view shows a layer operation at once). */
export function applyBindingWrites(
  layers: readonly ZmkLayer[],
  writes: readonly ZmkBindingWrite[],
): ZmkLayer[] {
  if (writes.length === 0) return [...layers];
  return layers.map((layer) => {
    const mine = writes.filter((w) => w.layerId === layer.id);
    if (mine.length === 0) return layer;
    const bindings = [...layer.bindings];
    for (const w of mine) bindings[w.position] = { ...w.binding };
    return { ...layer, bindings };
  });
}
