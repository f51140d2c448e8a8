import { assignedCount, type LayerOperation, type LayerState } from '../formats/layerOps.ts';

/** What a layer is cleared to: every key transparent (falling through) or doing nothing. */
export type LayerClear = 'transparent' | 'nothing';

/** A layer menu's operation, by layer index, for any family (each turns it into its own writes). */
export type MenuOperation =
  | { kind: 'copy'; from: number; to: number }
  | { kind: 'swap'; a: number; b: number }
  | { kind: 'clear'; layer: number; to: LayerClear };

/** What one family's keymap gives the layer menu (ui/keymapTools/LayerMenuPanel.tsx), `Op` its own operation. */
export interface LayerMenuModel<Op> {
  /** Every layer's name, in order ('' for none). */
  names: readonly string[];
  /** What a layer can be cleared to, by the family's name for it (KC_TRNS, &trans). */
  clears: Partial<Record<LayerClear, string>>;
  /** How many keys of a layer do something (a Copy or Clear onto it asks first). */
  assigned(layer: number): number;
  /** The menu's operation in the family's terms. */
  operation(menu: MenuOperation): Op;
}

const KC_NO = 0x0000;
const KC_TRNS = 0x0001;

/**
 * A VIA or Vial keyboard's layers for the layer menu: operations by index (formats/layerOps.ts writes them as the
 * fewest chunk writes), cleared to KC_TRNS or KC_NO, encoders counted with the keys; `names` kept in the browser.
 */
export function qmkLayerMenuModel(
  state: LayerState,
  names: readonly string[],
): LayerMenuModel<LayerOperation> {
  return {
    names,
    clears: { transparent: 'KC_TRNS', nothing: 'KC_NO' },
    assigned: (layer) => assignedCount(state, layer),
    operation: (menu) =>
      menu.kind === 'clear'
        ? { kind: 'clear', layer: menu.layer, code: menu.to === 'transparent' ? KC_TRNS : KC_NO }
        : menu,
  };
}
