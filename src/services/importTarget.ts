import { definitionName } from '../definitions/definitionName.ts';
import type { KeyboardState } from './keyboardLoader.ts';

/**
 * The connected keyboard as a file from another tool (.vil, QMK keymap.json) is read for: its ids, matrix,
 * layers, encoders and macros, and its keymap now (what the file leaves out keeps these).
 */
export function importTarget(keyboard: KeyboardState) {
  const { rows, cols } = keyboard.definition.matrix;
  return {
    name: definitionName(keyboard.definition),
    vendorProductId: keyboard.definition.vendorProductId,
    protocol: keyboard.protocol,
    rows,
    cols,
    layerCount: keyboard.layerCount,
    keymap: keyboard.keymap,
    encoderCount: keyboard.encoders[0]?.length ?? 0,
    macrosSupported: keyboard.macros.supported,
    // Zero on a keyboard without macros.
    macroCount: keyboard.macros.count,
  };
}
