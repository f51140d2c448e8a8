import type { HostLayoutId } from '../keycodes/hostLayout.ts';
import { keyFaceLabel } from '../keycodes/keyFaceLabel.ts';
import type { ZmkBehavior } from '../zmk/behavior.ts';
import { bindingLabel } from '../zmk/bindingLabel.ts';
import type { ZmkLayerChoice } from '../zmk/bindingParams.ts';
import { ZMK_KEYCODE_PROTOCOL } from '../zmk/hidKeycodes.ts';
import type { ZmkBinding, ZmkKeymapData } from '../zmk/keymapData.ts';
import type { KeymapToolsModel } from './keymapToolsModel.ts';
import { zmkBaseLayer, zmkBindingModel, zmkKeymapView } from './zmkBindingModel.ts';
import { zmkBindingQuery } from './zmkBindingQuery.ts';
import { zmkVacatedBinding } from './zmkKeyMoves.ts';
import { toggleUnder, underIndexes } from './zmkLayersUnder.ts';

const NO_BINDING: ZmkBinding = { behaviorId: 0, param1: 0, param2: 0 };

/**
 * A ZMK keyboard's keymap for the keymap tools: the ZMK binding model over the selected physical layout's
 * `keyCount` positions; the default layer is layer id 0 wherever it stands; the layers marked on under a shown one
 * are kept by id (`zmkLayersUnder.ts`); Find reads ZMK's binding words (`zmkBindingQuery`); a key can be moved only
 * where the firmware has &none or &trans to leave behind (`zmkVacatedBinding`). `layers` names layer parameters
 * (removed ones marked) in faces.
 */
export function zmkToolsModel(
  keymap: ZmkKeymapData,
  behaviors: readonly ZmkBehavior[],
  layers: readonly ZmkLayerChoice[],
  keyCount: number,
  hostLayout: HostLayoutId,
): KeymapToolsModel<ZmkBinding> {
  const byId = new Map(behaviors.map((b) => [b.id, b]));
  const describe = (binding: ZmkBinding) =>
    bindingLabel(binding, byId.get(binding.behaviorId) ?? null, layers, hostLayout);
  return {
    model: zmkBindingModel(keymap, behaviors),
    view: zmkKeymapView(keymap, keyCount),
    base: zmkBaseLayer(keymap),
    bindingAt: (place) =>
      (place.kind === 'key' && keymap.layers[place.layer]?.bindings[place.index]) || NO_BINDING,
    describe,
    pressedFace: (code) => keyFaceLabel(code, ZMK_KEYCODE_PROTOCOL, hostLayout).label,
    matches: (query) => zmkBindingQuery(query, keymap, behaviors, describe),
    marked: (under, layer) => underIndexes(keymap, under, layer),
    toggleUnder(under, layer, target, current) {
      const id = keymap.layers[layer]?.id ?? -1;
      return { key: id, layers: toggleUnder(keymap, under, layer, target, current)[id] ?? [] };
    },
    canMoveFrom: (layer) => zmkVacatedBinding(keymap, behaviors, layer) !== null,
    overviewLayers: () => keymap.layers.map((_, index) => index),
  };
}
