import {
  checkLayoutFile,
  leaveUnknownKeys,
  type CheckedLayout,
  type LoadResult,
  type ParsedLayout,
} from '../formats/layoutFile.ts';
import { macroFormatOf } from '../macros/macroFormat.ts';
import type { KeyboardState } from './keyboardLoader.ts';
import { macroScripts } from './layoutTransfer.ts';

/**
 * The check step of Configure → Load (and `keyloom layout check`), against the keyboard as it is: the file's
 * names read for its protocol, unknown ones listed with their place. Nothing is written.
 */
export function checkLayoutForKeyboard(
  keyboard: KeyboardState,
  text: string,
  fileName: string,
): LoadResult<CheckedLayout> {
  const { definition } = keyboard;
  return checkLayoutFile(text, fileName, {
    vendorProductId: definition.vendorProductId,
    protocol: keyboard.protocol,
    macroFormat: macroFormatOf(keyboard),
    // One macro may reach the buffer's last byte: the flag byte, 0 after a write, ends it (macroSetSize).
    macroCapacity: keyboard.macros.supported ? keyboard.macros.bufferSize : 0,
    layerCount: keyboard.layerCount,
    keysPerLayer: definition.matrix.rows * definition.matrix.cols,
    macroCount: keyboard.macros.count,
    macrosSupported: keyboard.macros.supported,
    encoderCount: keyboard.encoders[0]?.length ?? 0,
  });
}

/** After the user's choice: the layout to write, every unknown key, encoder and macro still unknown left as it is. */
export function layoutLeavingUnknown(
  keyboard: KeyboardState,
  checked: CheckedLayout,
): LoadResult<ParsedLayout> {
  return leaveUnknownKeys(checked, {
    macroFormat: macroFormatOf(keyboard),
    keymap: keyboard.keymap,
    encoders: keyboard.encoders,
    macros: macroScripts(keyboard),
    macroBufferSize: keyboard.macros.supported ? keyboard.macros.bufferSize : 0,
  });
}

/**
 * What the user chose for the keys and encoders whose names mean nothing here (names from their own code):
 * leave them as the keyboard has them, set them to KC_NO, or a keycode each (by index in `unknown`; one without
 * a keycode is left as it is). Unknown names in macros always leave the macro as it is.
 */
export type UnknownNameChoice =
  { kind: 'keep' } | { kind: 'none' } | { kind: 'pick'; codes: ReadonlyMap<number, number> };

/** The checked layout with the user's choice in place of the unknown keys it decides (nothing is written). */
export function withUnknownChoice(checked: CheckedLayout, choice: UnknownNameChoice): CheckedLayout {
  if (choice.kind === 'keep') return checked;
  const layers = checked.layers.map((layer) => [...layer]);
  const encoders = checked.encoders?.map((layer) => layer.map((pair) => [...pair] as typeof pair)) ?? null;
  checked.unknown.forEach(({ place }, i) => {
    const code = choice.kind === 'none' ? 0 : choice.codes.get(i);
    if (code === undefined || place.kind === 'macro') return;
    if (place.kind === 'key') layers[place.layer]![place.index] = code;
    else if (encoders?.[place.layer]?.[place.encoder])
      encoders[place.layer]![place.encoder]![place.clockwise ? 0 : 1] = code;
  });
  return { ...checked, layers, encoders };
}

/** Where an unknown key sits on the keyboard: matrix row and column from its index in the file's layer. */
export function matrixPosition(keyboard: KeyboardState, index: number): { row: number; col: number } {
  const { cols } = keyboard.definition.matrix;
  return { row: Math.floor(index / cols), col: index % cols };
}
