import { builtInBehaviorId } from '../convert/zmkBindingText.ts';
import type { ZmkBindingWrite } from '../zmk/layerEdits.ts';
import type { ZmkBehavior } from '../zmk/behavior.ts';
import type { ZmkBinding, ZmkKeymapData } from '../zmk/keymapData.ts';
import { applyKeyMove, type KeyMove } from './keyMoves.ts';
import { zmkBaseLayer } from './zmkBindingModel.ts';

const same = (a: ZmkBinding, b: ZmkBinding) =>
  a.behaviorId === b.behaviorId && a.param1 === b.param1 && a.param2 === b.param2;

/**
 * A key move (swap, move, copy: src/keymap/keyMoves.ts, places by layer index and key position) on a ZMK
 * keyboard, as `set_layer_binding` requests by layer id: one per binding that changes — ZMK sets one binding a
 * request, so these are the fewest — and the ones that put them back. Throws a RangeError for a place outside the
 * keymap, or a position the selected physical layout leaves unmapped (behavior id 0: the firmware refuses it).
 */
export function zmkKeyMoveWrites(
  keymap: ZmkKeymapData,
  move: KeyMove<ZmkBinding>,
): { writes: ZmkBindingWrite[]; undo: ZmkBindingWrite[] } {
  const current = keymap.layers.map((l) => l.bindings);
  const places = move.kind === 'swap' ? [move.a, move.b] : [move.from, move.to];
  for (const { layer, index } of places)
    if (current[layer]?.[index]?.behaviorId === 0)
      throw new RangeError(`Key ${index} is not on the selected physical layout`);
  const next = applyKeyMove(current, move);
  const writes: ZmkBindingWrite[] = [];
  const undo: ZmkBindingWrite[] = [];
  next.forEach((bindings, layer) =>
    bindings.forEach((binding, position) => {
      const before = current[layer]![position]!;
      if (same(before, binding)) return;
      const layerId = keymap.layers[layer]!.id;
      writes.push({ layerId, position, binding: { ...binding } });
      undo.push({ layerId, position, binding: { ...before } });
    }),
  );
  return { writes, undo };
}

/**
 * What a moved key leaves behind on the layer at `layer` (an index): `&none` on the default layer and below it
 * (nothing to fall through to), `&trans` above it — by ZMK's own behaviors; null when the firmware has no such
 * behavior Keyloom can name (then a move is not offered: swap or copy instead).
 */
export function zmkVacatedBinding(
  keymap: ZmkKeymapData,
  behaviors: readonly ZmkBehavior[],
  layer: number,
): ZmkBinding | null {
  const label = layer <= zmkBaseLayer(keymap) ? 'none' : 'trans';
  const id = builtInBehaviorId(behaviors, label);
  return id === null ? null : { behaviorId: id, param1: 0, param2: 0 };
}
