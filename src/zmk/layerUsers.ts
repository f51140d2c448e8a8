import type { ZmkBehavior } from './behavior.ts';
import type { ZmkBinding, ZmkLayer } from './keymapData.ts';

/** A key whose binding names a layer (&mo, &lt, &tog, &to, &sl … by their parameter descriptions). */
export interface ZmkLayerUser {
  /** The layer the key is on: its id, index in the order and name. */
  layerId: number;
  layerIndex: number;
  layerName: string;
  /** Key position in the selected physical layout. */
  position: number;
  /** The binding's behavior, by the name the keyboard gives it. */
  behaviorName: string;
}

/**
 * Which of a binding's parameters the behavior describes as a layer id (param1, param2 or both): the sets are
 * read by kind, not by whether the value names a shown layer, so a key naming a removed layer still counts.
 */
export function layerParamsOf(binding: ZmkBinding, behavior: ZmkBehavior | undefined): number[] {
  if (!behavior) return [];
  const found = new Set<number>();
  for (const set of behavior.sets) {
    if (set.param1.some((v) => v.kind === 'layerId')) found.add(binding.param1);
    if (set.param2.some((v) => v.kind === 'layerId')) found.add(binding.param2);
  }
  return [...found];
}

/**
 * The keys on the shown layers (other than the layer itself) whose binding names layer `layerId`, in layer order
 * then position order: what removing that layer leaves pointing at nothing. Positions past `positions` (keys
 * the selected physical layout does not have) are not looked at.
 */
export function layerUsers(
  layers: readonly ZmkLayer[],
  behaviors: readonly ZmkBehavior[],
  layerId: number,
  positions: number,
): ZmkLayerUser[] {
  const byId = new Map(behaviors.map((b) => [b.id, b]));
  const users: ZmkLayerUser[] = [];
  layers.forEach((layer, layerIndex) => {
    if (layer.id === layerId) return;
    layer.bindings.slice(0, positions).forEach((binding, position) => {
      const behavior = byId.get(binding.behaviorId);
      if (!layerParamsOf(binding, behavior).includes(layerId)) return;
      users.push({
        layerId: layer.id,
        layerIndex,
        layerName: layer.name,
        position,
        behaviorName: behavior!.displayName || `#${behavior!.id}`,
      });
    });
  });
  return users;
}
