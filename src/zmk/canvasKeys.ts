import type { KeyShape } from '../definitions/geometry.ts';
import type { HostLayoutId } from '../keycodes/hostLayout.ts';
import type { ZmkBehavior } from './behavior.ts';
import { bindingLabel, type ZmkTitleWords } from './bindingLabel.ts';
import { layerChoices } from './bindingParams.ts';
import type { ZmkKeymapData, ZmkLayer, ZmkPhysicalLayouts } from './keymapData.ts';
import { zmkKeyShape } from './physicalLayout.ts';

/** How a drawn key is named (the UI's `KeyNaming`): a title in the user's words, a key by its keymap position. */
export interface ZmkKeyNaming {
  title(english: string): string;
  position(position: number, title: string): string;
}

/** One key as the canvas draws it (the UI's `CanvasKey`): its shape, faces, tooltip and accessible names. */
export interface ZmkDrawnKey {
  shape: KeyShape;
  label: string;
  topLabel: string | undefined;
  bottomLabel: string | undefined;
  tooltip: string | undefined;
  ariaLabel: string;
  /** The accessible name with another title (what the keymap tools show a transparent key falls through to). */
  named(title: string): string;
}

/** What the keys are drawn from: the keymap, the physical layouts, the behaviors and the layers removed. */
export interface ZmkDrawnKeymap {
  keymap: ZmkKeymapData | null;
  layouts: ZmkPhysicalLayouts | null;
  behaviors: readonly ZmkBehavior[];
  removed?: readonly ZmkLayer[] | undefined;
}

/**
 * The keys of the selected physical layout with the bindings of the layer at `layerIndex`, as the canvas draws
 * them: a key's index is its position in the keymap. Titles name behaviors, commands and removed layers in
 * `words` (`zmkTitleWords`), keys in `naming`; none when the layout or the layer is missing.
 */
export function zmkCanvasKeys(
  state: ZmkDrawnKeymap,
  layerIndex: number,
  hostLayout: HostLayoutId,
  naming: ZmkKeyNaming,
  words: ZmkTitleWords,
): ZmkDrawnKey[] {
  const layout = state.layouts?.layouts[state.layouts.activeIndex];
  const layer = state.keymap?.layers[layerIndex];
  if (!layout || !layer) return [];
  const behaviors = new Map(state.behaviors.map((b) => [b.id, b]));
  const layers = layerChoices(state.keymap?.layers ?? [], state.removed);
  return layout.keys.map((key, position) => {
    const binding = layer.bindings[position] ?? { behaviorId: 0, param1: 0, param2: 0 };
    const behavior = behaviors.get(binding.behaviorId) ?? null;
    const label = bindingLabel(binding, behavior, layers, hostLayout, words);
    const named = (title: string) => naming.position(position, title);
    return {
      shape: zmkKeyShape(key),
      label: label.label,
      topLabel: label.topLabel,
      bottomLabel: label.bottomLabel,
      tooltip: label.tooltipLabel,
      ariaLabel: named(naming.title(label.title || 'Nothing')),
      named,
    };
  });
}
