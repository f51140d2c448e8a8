import { printableLayers } from '../formats/keymapSheet.ts';
import { keyFaceLabel } from '../keycodes/keyFaceLabel.ts';
import type { HostLayoutId } from '../keycodes/hostLayout.ts';
import type { KeyLabelContext } from '../keycodes/labels.ts';
import { keycodeQuery } from './keycodeQuery.ts';
import { INDEXED_UNDER, type KeymapToolsModel } from './keymapToolsModel.ts';
import { qmkBindingModel } from './qmkBindingModel.ts';
import type { KeymapView } from './layerReach.ts';

/**
 * A VIA or Vial keyboard's keymap for the keymap tools: QMK keycodes in the numbering its `protocol` uses, the
 * default layer 0, encoders with bindings, empty layers left out of All layers, layers marked by index, KC_NO or KC_TRNS always there to leave behind.
 * Faces are drawn as the keyboard draws them (`customKeycodes` from its definition).
 */
export function qmkToolsModel(
  view: KeymapView<number> & Required<Pick<KeymapView<number>, 'encoders'>>,
  protocol: number,
  hostLayout: HostLayoutId,
  context: KeyLabelContext = {},
): KeymapToolsModel<number> {
  const describe = (code: number) => keyFaceLabel(code, protocol, hostLayout, context);
  return {
    model: qmkBindingModel(protocol),
    view,
    base: 0,
    bindingAt: (at) =>
      at.kind === 'key'
        ? (view.keymap[at.layer]?.[at.index] ?? 0)
        : (view.encoders[at.layer]?.[at.encoder]?.[at.clockwise ? 0 : 1] ?? 0),
    describe,
    pressedFace: (code) => describe(code).label,
    matches: (query) => keycodeQuery(query, protocol, describe)?.matches ?? null,
    ...INDEXED_UNDER,
    canMoveFrom: () => true,
    // The layers the print sheet prints: every one holding anything.
    overviewLayers: () => printableLayers(view.keymap, view.encoders, view.used),
  };
}
