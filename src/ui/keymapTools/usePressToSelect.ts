import { useEffect, useMemo } from 'react';
import type { BindingModel } from '../../keymap/bindingModel.ts';
import { basicKeycodeForEvent } from '../../keymap/eventKeycodes.ts';
import { keysHostCannotSee, keysTyping } from '../../keymap/hostKeys.ts';

/** The last key pressed to select: its KeyboardEvent.code, basic keycode and the positions that type it. */
export interface PressedKey {
  code: string;
  keycode: number | null;
  candidates: readonly number[];
}

/**
 * Select by pressing, for any family's bindings (src/keymap/hostKeys.ts through its binding model): while
 * `pressing`, the next key pressed on the computer's keyboard (any keyboard: a virtual one is typed on this way
 * too) is the answer — `onPressed` hears which of the base layer's `used` positions type it. Returns the
 * positions whose binding the computer never sees (layer keys, macros, Bluetooth …): they cannot be selected
 * that way. `onPressed` should keep its identity while waiting.
 */
export function usePressToSelect<B>(
  base: readonly B[] | undefined,
  model: BindingModel<B>,
  used: readonly number[],
  pressing: boolean,
  onPressed: (pressed: PressedKey) => void,
): number[] {
  const unseen = useMemo(() => (base ? keysHostCannotSee(base, model, used) : []), [base, model, used]);
  useEffect(() => {
    if (!pressing || !base) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.repeat) return;
      // The press is the answer: it neither types, moves focus, nor reaches the app's shortcuts.
      event.preventDefault();
      event.stopImmediatePropagation();
      const keycode = basicKeycodeForEvent(event.code);
      const candidates = keycode === null ? [] : keysTyping(base, model, keycode, used);
      onPressed({ code: event.code, keycode, candidates });
    };
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, [pressing, base, model, used, onPressed]);
  return unseen;
}
