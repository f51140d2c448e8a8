import { hasEncoderMap } from '../protocol/encoderMap.ts';
import { definitionName } from '../definitions/definitionName.ts';
import { buildLayoutFile, type LayoutFile, type ParsedLayout } from '../formats/layoutFile.ts';
import { decodeMacros, encodeMacros, macroToScript, scriptToMacro } from '../macros/macroCodec.ts';
import { macroFormatOf } from '../macros/macroFormat.ts';
import type { ViaCommands } from '../protocol/viaCommands.ts';
import type { KeyboardState } from './keyboardLoader.ts';
import { patchFor, planLayout, runPlan, snapshotOf, type LayoutSnapshot } from './layoutTransaction.ts';

/** The keyboard's macros as script text: each reads back to exactly the bytes the keyboard holds. */
export function macroScripts(keyboard: KeyboardState): string[] {
  if (!keyboard.macros.supported) return [];
  const format = macroFormatOf(keyboard);
  return decodeMacros(keyboard.macros.bytes, keyboard.macros.count, format).map((m) =>
    macroToScript(m, format),
  );
}

/** The save file for the keyboard as it is now. */
export function currentLayout(keyboard: KeyboardState): LayoutFile {
  return buildLayoutFile({
    name: definitionName(keyboard.definition),
    vendorProductId: keyboard.definition.vendorProductId,
    protocol: keyboard.protocol,
    keymap: keyboard.keymap,
    encoders: keyboard.encoders,
    macros: macroScripts(keyboard),
  });
}

export { READ_BACK_MISMATCH } from './layoutTransaction.ts';

/**
 * The keyboard as a checked layout would leave it: its layers over the current keymap, its encoders over the
 * current ones (protocol ≥ 10), its macros encoded (throws on a macro that does not encode, before anything
 * is written).
 */
export function layoutSnapshot(keyboard: KeyboardState, layout: ParsedLayout): LayoutSnapshot {
  const format = macroFormatOf(keyboard);
  // The last byte of the buffer is the "write in progress" flag: the macros get the rest.
  const capacity = keyboard.macros.bufferSize - 1;
  const macros =
    layout.macros && keyboard.macros.supported
      ? encodeMacros(
          layout.macros.map((script) => scriptToMacro(script, format)),
          format,
          capacity,
        )
      : keyboard.macros.supported
        ? keyboard.macros.bytes
        : null;
  const encoders =
    layout.encoders && hasEncoderMap(keyboard)
      ? keyboard.encoders.map((row, layer) => row.map((pair, e) => layout.encoders?.[layer]?.[e] ?? pair))
      : keyboard.encoders;
  return {
    keymap: keyboard.keymap.map((layer, i) => layout.layers[i] ?? layer),
    encoders,
    macros,
  };
}

/**
 * Writes a checked layout to the keyboard as one transaction (services/layoutTransaction.ts): macros (only
 * when they changed), the keymap chunks that differ, the encoder entries that differ; then reads back exactly
 * what was written. Returns the new keyboard parts; throws a LayoutLoadError saying how far it got.
 */
export async function applyLayout(
  commands: ViaCommands,
  keyboard: KeyboardState,
  layout: ParsedLayout,
  onWriteStart?: () => void,
): Promise<Partial<KeyboardState>> {
  const plan = planLayout(keyboard, snapshotOf(keyboard), layoutSnapshot(keyboard, layout));
  await runPlan(commands, plan, onWriteStart ? { onWriteStart } : {});
  return patchFor(plan.after, keyboard);
}
