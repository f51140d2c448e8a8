import { useEffect } from 'react';
import { useStore } from 'zustand';
import type { StoreApi } from 'zustand/vanilla';
import type { KeymapToolsState } from '../../state/keymapToolsStore.ts';
import { useAppStores, useSelection } from '../AppContext.tsx';
import { readableError } from '../common/errorText.ts';
import type { DecorateKeys } from '../common/canvasKey.ts';
import { NO_EXTRA_MARKS } from './keyMarks.ts';
import { useKeyDecoration } from './useKeyDecoration.ts';
import { useKeyGestures } from './useKeyGestures.ts';
import type { LayerInsight } from './useLayerInsight.ts';

export interface KeyboardToolsProps {
  layer: number;
  tools: StoreApi<KeymapToolsState<DecorateKeys>>;
  insight: LayerInsight;
  /** Base-layer keys the computer cannot see (matrix indexes), marked while waiting for a press. */
  unseen: readonly number[];
}

/**
 * The keymap tools on the Configure keyboard, which draws nothing of its own: the shared decoration
 * (useKeyDecoration: marks, fall-through legends), which the keyboard applies; dragging a key onto another swaps
 * them; a picked key (S, M, C) is swapped with, moved or copied onto the next key chosen (click, Enter, Space or
 * Ctrl/⌘+V). Each change is one undo step. The keyboard is never drawn anew for them, so a focused key keeps its
 * focus when they load.
 */
export function KeyboardTools({ layer, tools, insight, unseen }: KeyboardToolsProps) {
  const { errors, selection } = useAppStores();
  const picked = useStore(tools, (s) => s.picked);
  const pressing = useStore(tools, (s) => s.pressing);
  const pressed = useStore(tools, (s) => s.pressed);
  // Keys showing something else (actuation values, paint) are left alone, and so are their gestures.
  const gestures = !useSelection((s) => s.multiSelect || s.paintColor !== null);
  const decorate = useKeyDecoration(
    insight,
    layer,
    {
      picked: picked?.place.layer === layer ? picked.place.index : null,
      candidates: pressed?.candidates ?? NO_EXTRA_MARKS.candidates,
      unseen: pressing ? unseen : NO_EXTRA_MARKS.unseen,
    },
    gestures,
  );
  useEffect(() => {
    tools.getState().setDecorate(decorate);
    return () => tools.getState().setDecorate(null);
  }, [tools, decorate]);

  useKeyGestures(
    {
      enabled: gestures,
      placeOf: (index) => {
        const matrixIndex =
          index === null || index === undefined ? -1 : (insight.drawn[index]?.matrixIndex ?? -1);
        return matrixIndex >= 0 ? { layer, index: matrixIndex } : null;
      },
      selected: () => [...selection.getState().selected][0] ?? null,
      picked: () => tools.getState().picked !== null,
      pick: (place, mode) => tools.getState().pick(place, mode),
      dropPicked: () => tools.getState().dropPicked(),
      placePicked: (target) => tools.getState().placePicked(target),
      moveKey: (mode, from, to) => tools.getState().moveKey(mode, from, to),
      report: (error) => errors.getState().logAppError({ message: readableError(error) }),
    },
    !!picked,
  );
  return null;
}
