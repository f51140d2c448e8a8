import { useEffect, useMemo } from 'react';
import { basicKeycodeForEvent } from '../../../keymap/eventKeycodes.ts';
import { keysHostCannotSee, keysTyping } from '../../../keymap/hostKeys.ts';
import { zmkBaseLayer, zmkBindingModel } from '../../../keymap/zmkBindingModel.ts';
import type { ZmkBehavior } from '../../../zmk/behavior.ts';
import type { ZmkKeymapData } from '../../../zmk/keymapData.ts';

/** The last key pressed to select: its KeyboardEvent.code, basic keycode and the positions that type it. */
export interface ZmkPressed {
  code: string;
  keycode: number | null;
  candidates: readonly number[];
}

/**
 * Select by pressing on a ZMK keyboard, as on VIA boards (src/keymap/hostKeys.ts through the ZMK binding model):
 * while `pressing`, the next key pressed on the computer's keyboard is the answer — `onPressed` hears which
 * positions of the default layer type it. Returns the positions whose binding the computer never sees (layer
 * keys, Bluetooth, &studio_unlock …), which cannot be selected that way.
 */
export function useZmkPressToSelect(
  keymap: ZmkKeymapData,
  behaviors: readonly ZmkBehavior[],
  keyCount: number,
  pressing: boolean,
  onPressed: (pressed: ZmkPressed) => void,
): number[] {
  const { model, base, used } = useMemo(
    () => ({
      model: zmkBindingModel(keymap, behaviors),
      base: keymap.layers[zmkBaseLayer(keymap)]?.bindings ?? [],
      used: Array.from({ length: keyCount }, (_, i) => i),
    }),
    [keymap, behaviors, keyCount],
  );
  const unseen = useMemo(() => keysHostCannotSee(base, model, used), [base, model, used]);

  useEffect(() => {
    if (!pressing) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.repeat) return;
      // The press is the answer: it neither types, moves focus, nor reaches the app's shortcuts.
      event.preventDefault();
      event.stopImmediatePropagation();
      const keycode = basicKeycodeForEvent(event.code);
      onPressed({
        code: event.code,
        keycode,
        candidates: keycode === null ? [] : keysTyping(base, model, keycode, used),
      });
    };
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, [pressing, base, model, used, onPressed]);
  return unseen;
}
