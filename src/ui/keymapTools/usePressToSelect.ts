import { useEffect, useMemo } from 'react';
import { useStore } from 'zustand';
import type { StoreApi } from 'zustand/vanilla';
import { basicKeycodeForEvent } from '../../keymap/eventKeycodes.ts';
import { keysHostCannotSee, keysTyping } from '../../keymap/hostKeys.ts';
import type { KeyboardState } from '../../services/keyboardLoader.ts';
import { BASE_LAYER, type KeymapToolsState } from '../../state/keymapToolsStore.ts';
import type { DrawnKey } from '../canvas/useKeyboardKeys.ts';
import { focusKey } from './focusKey.ts';
import { bindingModelFor } from './useLayerInsight.ts';

/** The positions (matrix indexes) whose base-layer binding the computer cannot see: not selectable by pressing. */
export function useUnseenKeys(keyboard: KeyboardState, drawn: readonly DrawnKey[]): number[] {
  const model = useMemo(() => bindingModelFor(keyboard), [keyboard]);
  const used = useMemo(() => drawn.flatMap((d) => (d.matrixIndex >= 0 ? [d.matrixIndex] : [])), [drawn]);
  const base = keyboard.keymap[BASE_LAYER];
  return useMemo(() => (base ? keysHostCannotSee(base, model, used) : []), [base, model, used]);
}

/**
 * Select by pressing: while the tools wait for a press, the next key pressed on the computer's keyboard (any
 * keyboard: a virtual one is typed on this way too) selects the key whose base-layer binding types it; every key
 * that does is a candidate and is marked, the first is selected. The wait ends with that press, whatever it was.
 * Returns the positions (matrix indexes) the computer cannot see, which cannot be selected that way.
 */
export function usePressToSelect(
  keyboard: KeyboardState,
  tools: StoreApi<KeymapToolsState>,
  drawn: readonly DrawnKey[],
  onSelect: ((index: number | null) => void) | undefined,
): number[] {
  const pressing = useStore(tools, (s) => s.pressing);
  const model = useMemo(() => bindingModelFor(keyboard), [keyboard]);
  const used = useMemo(() => drawn.flatMap((d) => (d.matrixIndex >= 0 ? [d.matrixIndex] : [])), [drawn]);
  const base = keyboard.keymap[BASE_LAYER];
  const unseen = useUnseenKeys(keyboard, drawn);

  useEffect(() => {
    if (!pressing || !base) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.repeat) return;
      // The press is the answer: it neither types, moves focus, nor reaches the app's shortcuts.
      event.preventDefault();
      event.stopImmediatePropagation();
      const keycode = basicKeycodeForEvent(event.code);
      const candidates = keycode === null ? [] : keysTyping(base, model, keycode, used);
      tools.getState().setPressing(false);
      tools.getState().setPressed({ code: event.code, keycode, candidates });
      const first = drawn.findIndex((d) => d.matrixIndex === candidates[0]);
      if (first >= 0) {
        onSelect?.(first);
        focusKey(first);
      }
    };
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, [pressing, base, model, used, tools, drawn, onSelect]);
  return unseen;
}
