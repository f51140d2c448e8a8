import { builtInBehaviorId } from '../convert/zmkBindingText.ts';
import type { ZmkBehavior } from '../zmk/behavior.ts';
import type { ZmkKeymapData, ZmkLayer } from '../zmk/keymapData.ts';
import { layerUsers } from '../zmk/layerUsers.ts';
import type { ZmkLayerOperation } from '../zmk/layerEdits.ts';
import type { LayerClear, LayerMenuModel, LayerOrder } from './layerMenuModel.ts';

/** The layer order's side of a ZMK keyboard: the layers removed this session, the requests its firmware takes. */
export interface ZmkLayerOrderState {
  removed: readonly ZmkLayer[];
  /** Whether the firmware takes `keymap.<request>` (a request it refused once counts as unknown). */
  supports(request: string): boolean;
}

/**
 * Behaviors a ZMK layer is cleared to: the keyboard's own &trans and &none, as Keyloom identifies them (a build
 * that renames them or has the name twice gets no button rather than a guess).
 */
const ZMK_CLEAR_TO: Record<LayerClear, string> = { transparent: 'trans', nothing: 'none' };

/**
 * A ZMK keyboard's layers for the layer menu: operations by layer id, over the selected physical layout's
 * `keyCount` keys; a layer is cleared to &trans or &none where the firmware has them, and keys holding either do
 * nothing worth asking about. With `orderState`, layers are also added from the spare ones, moved, removed (keys
 * that name the layer listed first) and restored, as far as the firmware takes those requests.
 */
export function zmkLayerMenuModel(
  keymap: ZmkKeymapData,
  behaviors: readonly ZmkBehavior[],
  keyCount: number,
  orderState?: ZmkLayerOrderState,
): LayerMenuModel<ZmkLayerOperation> {
  const idOf = (index: number) => keymap.layers[index]?.id ?? -1;
  const clearId = (to: LayerClear) => builtInBehaviorId(behaviors, ZMK_CLEAR_TO[to]);
  const offered = (['transparent', 'nothing'] as const).filter((to) => clearId(to) !== null);
  const empty = new Set(offered.map(clearId));
  const order: LayerOrder | undefined = orderState && {
    can: {
      add: orderState.supports('addLayer'),
      move: orderState.supports('moveLayer'),
      remove: orderState.supports('removeLayer'),
      restore: orderState.supports('restoreLayer'),
    },
    spare: keymap.availableLayers,
    removed: orderState.removed,
    users: (index) => layerUsers(keymap.layers, behaviors, idOf(index), keyCount),
  };
  return {
    order,
    names: keymap.layers.map((l) => l.name),
    swapsNames: false,
    clears: Object.fromEntries(offered.map((to) => [to, `&${ZMK_CLEAR_TO[to]}`])),
    assigned: (index) =>
      (keymap.layers[index]?.bindings ?? []).slice(0, keyCount).filter((b) => !empty.has(b.behaviorId))
        .length,
    operation: (menu) =>
      menu.kind === 'copy'
        ? { kind: 'copy', from: idOf(menu.from), to: idOf(menu.to) }
        : menu.kind === 'swap'
          ? { kind: 'swap', a: idOf(menu.a), b: idOf(menu.b) }
          : {
              kind: 'clear',
              layer: idOf(menu.layer),
              binding: { behaviorId: clearId(menu.to)!, param1: 0, param2: 0 },
            },
  };
}
