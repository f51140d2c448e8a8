import type { BindingModel } from './bindingModel.ts';
import type { BindingPlace, KeymapView } from './layerReach.ts';

/**
 * The layers marked on under each shown layer, as the keymap tools' store keeps them: a shown layer's key → the
 * layers on under it, both in the family's own terms (a VIA board: layer indexes; ZMK: layer ids, which outlive
 * a layer moved or removed).
 */
export type LayersUnder = Readonly<Record<number, readonly number[]>>;

/** A binding's face, as the tools' lines and the fall-through legends show it. */
export interface BindingFace {
  label: string;
  title: string;
  topLabel?: string | undefined;
  bottomLabel?: string | undefined;
}

/**
 * What the keymap tools (reach, fall-through, Find, All layers, select by pressing, key moves) need of one
 * family's keymap beyond how a binding reads (`model`): the same tools then serve every family, and only this
 * object differs. Built by `qmkToolsModel` (VIA, Vial) and `zmkToolsModel` (ZMK) for the keymap as it is now.
 */
export interface KeymapToolsModel<B> {
  model: BindingModel<B>;
  /** The bindings, layers in the order they stack. */
  view: KeymapView<B>;
  /** The default layer's index: always on, the bottom of every fall-through, what a press is matched against. */
  base: number;
  /** The binding at a place (a place the keymap does not hold: the family's empty binding). */
  bindingAt(place: BindingPlace): B;
  /** A binding's face and full name, in the host's keyboard layout. */
  describe(binding: B): BindingFace;
  /** A key the computer sent (a HID keycode in QMK's numbering) as its face: what Select by pressing read. */
  pressedFace(keycode: number): string;
  /** Find: the bindings `query` names, or null for text that is no search. */
  matches(query: string): ((binding: B) => boolean) | null;
  /** The indexes of the layers marked on under the shown `layer`, in order; null when none were chosen. */
  marked(under: LayersUnder, layer: number): readonly number[] | null;
  /** The store's entry with `target` turned on or off under the shown `layer` (`current`: its marks now). */
  toggleUnder(
    under: LayersUnder,
    layer: number,
    target: number,
    current: readonly number[],
  ): { key: number; layers: readonly number[] };
  /** Whether a key on `layer` can be moved away: the family has a binding to leave behind there. */
  canMoveFrom(layer: number): boolean;
  /** The layers All layers shows, in order. */
  overviewLayers(): readonly number[];
}

/**
 * The store's entries for a family whose layers are kept by index (VIA, Vial): the shown layer's index → the
 * indexes on under it.
 */
export const INDEXED_UNDER: Pick<KeymapToolsModel<unknown>, 'marked' | 'toggleUnder'> = {
  marked: (under, layer) => under[layer] ?? null,
  toggleUnder: (_under, layer, target, current) => ({
    key: layer,
    layers: current.includes(target) ? current.filter((l) => l !== target) : [...current, target],
  }),
};
