import { useEffect } from 'react';
import { useStore } from 'zustand';
import type { StoreApi } from 'zustand/vanilla';
import type { KeymapToolsState } from '../../state/keymapToolsStore.ts';
import type { DecorateKeys } from '../common/canvasKey.ts';
import { NO_EXTRA_MARKS } from './keyMarks.ts';
import { useKeyDecoration, type DecorationSource } from './useKeyDecoration.ts';
import { useKeyGestures, type KeyGestureHandlers } from './useKeyGestures.ts';

/** What a family says of its keyboard: where a drawn key is, which one is selected, how a pick or a failure goes. */
export type KeyboardPlaces = Pick<KeyGestureHandlers, 'enabled' | 'placeOf' | 'selected' | 'pick' | 'report'>;

/**
 * The keymap tools on a family's keyboard, which draws nothing of its own: the shared decoration
 * (useKeyDecoration: marks, fall-through legends), which the keyboard applies from the tools' store; dragging a key
 * onto another swaps them; a picked key (S, M, C) is swapped with, moved or copied onto the next key chosen (click,
 * Enter, Space or Ctrl/⌘+V). Each change is one undo step. The keyboard is never drawn anew for them, so a focused
 * key keeps its focus when they load. While `enabled` is false (the keys show something else) neither acts.
 */
export function useToolsOnKeyboard<B>(
  tools: StoreApi<KeymapToolsState<DecorateKeys>>,
  insight: DecorationSource<B>,
  layer: number,
  /** Default-layer keys the computer cannot see (positions), marked while waiting for a press. */
  unseen: readonly number[],
  places: KeyboardPlaces,
): void {
  const picked = useStore(tools, (s) => s.picked);
  const pressing = useStore(tools, (s) => s.pressing);
  const pressed = useStore(tools, (s) => s.pressed);
  const decorate = useKeyDecoration(
    insight,
    layer,
    {
      picked: picked?.place.layer === layer ? picked.place.index : null,
      candidates: pressed?.candidates ?? NO_EXTRA_MARKS.candidates,
      unseen: pressing ? unseen : NO_EXTRA_MARKS.unseen,
    },
    places.enabled,
  );
  useEffect(() => {
    tools.getState().setDecorate(decorate);
    return () => tools.getState().setDecorate(null);
  }, [tools, decorate]);

  useKeyGestures(
    {
      ...places,
      picked: () => tools.getState().picked !== null,
      dropPicked: () => tools.getState().dropPicked(),
      placePicked: (target) => tools.getState().placePicked(target),
      moveKey: (mode, from, to) => tools.getState().moveKey(mode, from, to),
    },
    picked !== null,
  );
}
