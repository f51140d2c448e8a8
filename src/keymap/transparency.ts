import type { BindingModel } from './bindingModel.ts';

/** Bindings by layer, then by position (QMK: matrix index row × cols + col). */
export type Keymap<B> = readonly (readonly B[])[];

/** Where a press lands: the binding that acts and the layer it is on. */
export interface Landing<B> {
  binding: B;
  layer: number;
}

/** The active layers below `layer` that exist, highest first, each once. */
function layersBelow(count: number, layer: number, active: readonly number[]): number[] {
  return [...new Set(active)].filter((l) => l >= 0 && l < layer && l < count).sort((a, b) => b - a);
}

/**
 * What the key at `index` does while `layer` is the highest layer on and the layers `active` are on below it:
 * its own binding unless that is transparent, else the binding of the highest active layer below that is not.
 * Null when every one of them is transparent (the press does nothing). Layers in `active` at or above `layer`,
 * or outside the keymap, are ignored.
 */
export function resolveKey<B>(
  keymap: Keymap<B>,
  model: BindingModel<B>,
  layer: number,
  index: number,
  active: readonly number[],
): Landing<B> | null {
  for (const l of [layer, ...layersBelow(keymap.length, layer, active)]) {
    const binding = keymap[l]?.[index];
    if (binding !== undefined && !model.isTransparent(binding)) return { binding, layer: l };
  }
  return null;
}

/**
 * For every position of `layer`: undefined where the key has a binding of its own, else where its press falls
 * through to with the layers `active` on below it (null: to nothing). Built bottom up, one overlay per active
 * layer, so the shown layer costs one pass per layer under it rather than a walk per key.
 */
export function fallThroughs<B>(
  keymap: Keymap<B>,
  model: BindingModel<B>,
  layer: number,
  active: readonly number[],
): (Landing<B> | null | undefined)[] {
  const own = keymap[layer] ?? [];
  const under: (Landing<B> | null)[] = own.map(() => null);
  for (const l of layersBelow(keymap.length, layer, active).reverse()) {
    keymap[l]!.forEach((binding, index) => {
      if (index < under.length && !model.isTransparent(binding)) under[index] = { binding, layer: l };
    });
  }
  return own.map((binding, index) => (model.isTransparent(binding) ? under[index] : undefined));
}
