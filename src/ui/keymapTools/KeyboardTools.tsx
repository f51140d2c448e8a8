import type { StoreApi } from 'zustand/vanilla';
import type { KeymapToolsState } from '../../state/keymapToolsStore.ts';
import { useAppStores, useSelection } from '../AppContext.tsx';
import { readableError } from '../common/errorText.ts';
import type { DecorateKeys } from '../common/canvasKey.ts';
import type { LayerInsight } from './useLayerInsight.ts';
import { useToolsOnKeyboard } from './useToolsOnKeyboard.ts';

export interface KeyboardToolsProps {
  layer: number;
  tools: StoreApi<KeymapToolsState<DecorateKeys>>;
  insight: LayerInsight;
  /** Base-layer keys the computer cannot see (matrix indexes), marked while waiting for a press. */
  unseen: readonly number[];
}

/**
 * The keymap tools on the Configure keyboard of a VIA or Vial board (useToolsOnKeyboard, every family's): a drawn
 * key is its matrix index, the selection is the app's, a failed move is logged.
 */
export function KeyboardTools({ layer, tools, insight, unseen }: KeyboardToolsProps) {
  const { errors, selection } = useAppStores();
  // Keys showing something else (actuation values, paint) are left alone, and so are their gestures.
  const enabled = !useSelection((s) => s.multiSelect || s.paintColor !== null);
  useToolsOnKeyboard(tools, insight, layer, unseen, {
    enabled,
    placeOf: (index) => {
      const matrixIndex =
        index === null || index === undefined ? -1 : (insight.drawn[index]?.matrixIndex ?? -1);
      return matrixIndex >= 0 ? { layer, index: matrixIndex } : null;
    },
    selected: () => [...selection.getState().selected][0] ?? null,
    pick: (place, mode) => tools.getState().pick(place, mode),
    report: (error) => errors.getState().logAppError({ message: readableError(error) }),
  });
  return null;
}
