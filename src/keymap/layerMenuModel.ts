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
  /**
   * Whether Swap takes the two names along: VIA's names are the browser's labels of a layer's keys and follow
   * them; a ZMK layer's name stays with its layer (its id, which keys such as `&mo` point to).
   */
  swapsNames: boolean;
  /** What a layer can be cleared to, by the family's name for it (KC_TRNS, &trans). */
  clears: Partial<Record<LayerClear, string>>;
  /** How many keys of a layer do something (a Copy or Clear onto it asks first). */
  assigned(layer: number): number;
  /** The menu's operation in the family's terms. */
  operation(menu: MenuOperation): Op;
  /** Layers added, moved, removed and restored; none where the layer count is fixed (VIA and Vial boards). */
  order?: LayerOrder | undefined;
}

/** A key whose binding names a layer: asked about before that layer is removed. */
export interface LayerUser {
  /** The layer the key is on: its id and name ('' for none). */
  layerId: number;
  layerName: string;
  /** Key position in the keyboard's layout. */
  position: number;
  /** What the key does, in the family's words (the behavior's name). */
  behaviorName: string;
}

/** A layer removed and kept to be restored where it was. */
export interface RemovedLayer {
  id: number;
  name: string;
}

/** What a keyboard that holds its own layer count (ZMK) lets the layer menu do, by what its firmware takes. */
export interface LayerOrder {
  can: { add: boolean; move: boolean; remove: boolean; restore: boolean };
  /** How many more layers can be added (the spare ones the firmware keeps). */
  spare: number;
  /** Layers removed since the keymap was saved, restorable. */
  removed: readonly RemovedLayer[];
  /** The keys that would point to `layer` (by index) once it is removed: a removal with any asks first. */
  users(layer: number): readonly LayerUser[];
}

/** A change to the layer order, by index (restore by the removed layer's id). */
export type OrderOperation =
  | { kind: 'add' }
  | { kind: 'move'; from: number; to: number }
  | { kind: 'remove'; layer: number }
  | { kind: 'restore'; id: number };

/** What a family's keyboard gives the layer menu's panel (ui/keymapTools/LayerMenuPanel.tsx); `Op` is its own layer operation. */
export interface LayerMenuFamily<Op> {
  /** The selected layer: the one the tools act on. */
  layer: number;
  /** The family's layers and operations (keymap/layerMenuModel.ts: `qmkLayerMenuModel`, `zmkLayerMenuModel`). */
  model: LayerMenuModel<Op>;
  /** Names the selected layer; none when the family cannot (a ZMK keyboard that refused to). */
  rename?: ((name: string) => unknown) | undefined;
  /**
   * The longest name the keyboard takes, in UTF-8 bytes (ZMK keeps names on the keyboard); none: 32 characters
   * kept in the browser.
   */
  nameBytes?: number | undefined;
  /** A name cannot be cleared (ZMK keeps a name once given; VIA's browser-kept names clear to the layer number). */
  nameRequired?: boolean | undefined;
  /** The keyboard is busy with another request: nothing here starts a second one meanwhile. */
  keyboardBusy?: boolean | undefined;
  /** Runs the operation as one undo step; resolves to that step, or null when nothing changed. */
  run(operation: Op): Promise<unknown>;
  /** Adds, moves, removes or restores a layer (the model's `order` says which); none: the count is fixed. */
  reorder?: ((operation: OrderOperation) => Promise<unknown>) | undefined;
  /** The step Undo would take back now: the panel's Undo acts only while its step is still the last one. */
  lastStep: unknown;
  undo(): Promise<void>;
  /** Says why an operation failed (a family whose store already shows it passes nothing). */
  onError?: ((error: unknown) => void) | undefined;
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
    swapsNames: true,
    clears: { transparent: 'KC_TRNS', nothing: 'KC_NO' },
    assigned: (layer) => assignedCount(state, layer),
    operation: (menu) =>
      menu.kind === 'clear'
        ? { kind: 'clear', layer: menu.layer, code: menu.to === 'transparent' ? KC_TRNS : KC_NO }
        : menu,
  };
}
