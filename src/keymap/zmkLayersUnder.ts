import type { ZmkKeymapData } from '../zmk/keymapData.ts';

/**
 * The layers marked on under each shown layer, by layer id (ZMK layers keep their ids when layers are added,
 * removed or moved; an index would retarget a choice): shown layer's id → the ids of the layers on under it.
 */
export type ZmkLayersUnder = Readonly<Record<number, readonly number[]>>;

/**
 * The indexes of the layers marked on under the shown layer `index`, in order; null when none were chosen for it
 * (the default layer alone then). A marked layer removed, or moved above the shown one, no longer counts.
 */
export function underIndexes(keymap: ZmkKeymapData, under: ZmkLayersUnder, index: number): number[] | null {
  const shown = keymap.layers[index];
  const marked = shown ? under[shown.id] : undefined;
  if (!marked) return null;
  return marked
    .map((id) => keymap.layers.findIndex((l) => l.id === id))
    .filter((i) => i >= 0 && i < index)
    .sort((a, b) => a - b);
}

/** `under` with the layer at `target` turned on or off under the shown layer `index` (`current`: its marks now). */
export function toggleUnder(
  keymap: ZmkKeymapData,
  under: ZmkLayersUnder,
  index: number,
  target: number,
  current: readonly number[],
): ZmkLayersUnder {
  const shown = keymap.layers[index];
  if (!shown) return under;
  const next = current.includes(target) ? current.filter((i) => i !== target) : [...current, target];
  const ids = next.flatMap((i) => {
    const layer = keymap.layers[i];
    return layer ? [layer.id] : [];
  });
  return { ...under, [shown.id]: ids };
}
