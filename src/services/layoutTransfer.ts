import { definitionName } from '../definitions/definitionName.ts';
import { buildLayoutFile, type LayoutFile, type ParsedLayout } from '../formats/layoutFile.ts';
import { diffChunks } from '../formats/keymapDiff.ts';
import { decodeMacros, encodeMacros, macroToScript, scriptToMacro } from '../macros/macroCodec.ts';
import { PROTOCOL } from '../protocol/commands.ts';
import type { ViaCommands } from '../protocol/viaCommands.ts';
import type { KeyboardState } from './keyboardLoader.ts';

/** The keyboard's macros as script text. */
export function macroScripts(keyboard: KeyboardState): string[] {
  if (!keyboard.macros.supported) return [];
  return decodeMacros(keyboard.macros.bytes, keyboard.macros.count, keyboard.protocol).map((m) =>
    macroToScript(m, keyboard.protocol),
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

export const READ_BACK_MISMATCH = (count: number) =>
  `The keyboard did not keep the loaded layout: ${count} key${count === 1 ? '' : 's'} differ after writing. Your previous layout is kept as a backup.`;

/**
 * Writes a checked layout to the keyboard: macros (only when they changed), the keymap chunks that differ,
 * the encoder entries that differ; then reads the keymap back and compares. Returns the new keyboard state;
 * throws on a mismatch so it is reported, never silently accepted.
 */
export async function applyLayout(
  commands: ViaCommands,
  keyboard: KeyboardState,
  layout: ParsedLayout,
): Promise<Partial<KeyboardState>> {
  const { protocol, definition } = keyboard;
  const patch: Partial<KeyboardState> = {};
  if (layout.macros && keyboard.macros.supported) {
    const bytes = encodeMacros(
      layout.macros.map((script) => scriptToMacro(script, protocol)),
      protocol,
    );
    const old = keyboard.macros.bytes;
    if (bytes.length !== old.length || bytes.some((b, i) => b !== old[i])) {
      await commands.writeMacroBytes(bytes, keyboard.macros.bufferSize, old.length);
      patch.macros = { ...keyboard.macros, bytes };
    }
  }
  const keymap = keyboard.keymap.map((layer, i) => layout.layers[i] ?? layer);
  for (const { offset, bytes } of diffChunks(keyboard.keymap, keymap))
    await commands.writeKeymapBuffer(offset, bytes);
  if (layout.encoders && protocol >= PROTOCOL.ENCODERS) {
    const encoders = keyboard.encoders.map((row, layer) =>
      row.map((pair, e) => layout.encoders?.[layer]?.[e] ?? pair),
    );
    for (const [layer, row] of encoders.entries()) {
      for (const [e, [cw, ccw]] of row.entries()) {
        const [oldCw, oldCcw] = keyboard.encoders[layer]![e]!;
        if (cw !== oldCw) await commands.setEncoder(layer, e, true, cw);
        if (ccw !== oldCcw) await commands.setEncoder(layer, e, false, ccw);
      }
    }
    patch.encoders = encoders;
  }
  const readBack = await commands.readKeymap(
    keyboard.layerCount,
    definition.matrix.rows,
    definition.matrix.cols,
  );
  const differing = readBack.flat().filter((code, i) => code !== keymap.flat()[i]).length;
  if (differing > 0) throw new Error(READ_BACK_MISMATCH(differing));
  patch.keymap = readBack;
  return patch;
}
