import type { HostLayoutId } from '../../../keycodes/hostLayout.ts';
import type { ZmkKeyboardState } from '../../../state/zmkKeyboardStore.ts';
import { bindingLabel, type ZmkTitleWords } from '../../../zmk/bindingLabel.ts';
import { layerChoices } from '../../../zmk/bindingParams.ts';
import { zmkKeyShape } from '../../../zmk/physicalLayout.ts';
import type { CanvasKey } from '../../common/canvasKey.ts';
import { strings } from '../../../i18n/i18n.ts';
import { keyNaming, type KeyNaming } from '../../canvas/keyNaming.ts';
import { zmkBehaviorName, zmkParamName } from './zmkNames.ts';

/** ZMK's names in the titles in the language shown (the zmk strings come with the screen; else English). */
function titleWords(): ZmkTitleWords {
  const t = strings.getFixedT('zmk');
  return {
    behavior: (name) => zmkBehaviorName(t, name),
    command: (name) => zmkParamName(t, name),
    removedLayer: (name) => t('removedLayerTitle', { name }),
  };
}

/**
 * The keys of the selected physical layout with the bindings of the layer at `layerIndex`, as the canvas draws
 * them: a key's index is its position in the keymap.
 */
export function zmkCanvasKeys(
  state: Pick<ZmkKeyboardState, 'keymap' | 'layouts' | 'behaviors'> &
    Partial<Pick<ZmkKeyboardState, 'removed'>>,
  layerIndex: number,
  hostLayout: HostLayoutId,
  // Outside React (tests): names in the language shown, titles as the core writes them.
  naming: KeyNaming = keyNaming(strings.t),
): CanvasKey[] {
  const layout = state.layouts?.layouts[state.layouts.activeIndex];
  const layer = state.keymap?.layers[layerIndex];
  if (!layout || !layer) return [];
  const behaviors = new Map(state.behaviors.map((b) => [b.id, b]));
  const layers = layerChoices(state.keymap?.layers ?? [], state.removed);
  const words = titleWords();
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
