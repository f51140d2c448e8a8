import { bootKeycodeFor } from '../protocol/vialBasics.ts';
import type { DeviceState } from './deviceStore.ts';

/*
 * What waits for the Vial unlock (docs/vial-protocol.md "Unlock"), apart from the unlock store (which loads with
 * the first Vial keyboard that needs it) and from the command store (so lazily loaded panes need only this).
 */

/**
 * Whether writing `keycode` to the selected keyboard needs it unlocked: QK_BOOT (in the board's numbering) on a
 * Vial keyboard, which the firmware would otherwise refuse or store as nothing.
 */
export function writeNeedsUnlock(keyboard: DeviceState['keyboard'], keycode: number): boolean {
  return !!keyboard?.vial && keycode === bootKeycodeFor(keyboard.protocol);
}

/**
 * Whether moving the keyboard from `before` to `after` (whole layers and encoders: layer tools, layout loads)
 * writes a QK_BOOT that is not there yet: on a locked Vial keyboard the firmware stores it as nothing.
 */
export function layersNeedUnlock(
  keyboard: DeviceState['keyboard'],
  before: { keymap: readonly (readonly number[])[]; encoders: readonly (readonly (readonly number[])[])[] },
  after: { keymap: readonly (readonly number[])[]; encoders: readonly (readonly (readonly number[])[])[] },
): boolean {
  if (!keyboard?.vial) return false;
  const boot = bootKeycodeFor(keyboard.protocol);
  const keys = after.keymap.some((layer, l) =>
    layer.some((c, i) => c === boot && before.keymap[l]?.[i] !== boot),
  );
  const encoders = after.encoders.some((row, l) =>
    row.some((pair, e) => pair.some((c, d) => c === boot && before.encoders[l]?.[e]?.[d] !== boot)),
  );
  return keys || encoders;
}
