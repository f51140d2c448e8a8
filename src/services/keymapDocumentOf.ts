import type { KeymapDocument } from '../convert/keymapDocument.ts';
import { definitionName } from '../definitions/definitionName.ts';
import { hasDelays, macroFormatOf } from '../macros/macroFormat.ts';
import type { VialFeatures } from '../vial/entries.ts';
import type { KeyboardState } from './keyboardLoader.ts';
import { macroScripts } from './layoutTransfer.ts';

/**
 * The keyboard as it is now, as a document every format writer takes (src/convert/): its keymap, encoders and
 * macros in its own numbering, a Vial board's features when they were read, the user's layer names.
 */
export function keymapDocumentOf(
  keyboard: KeyboardState,
  extra: { vial?: VialFeatures | null | undefined; layerNames?: readonly string[] | undefined } = {},
): KeymapDocument {
  const { definition } = keyboard;
  return {
    keyboard: {
      name: definitionName(definition),
      vendorProductId: definition.vendorProductId,
      rows: definition.matrix.rows,
      cols: definition.matrix.cols,
      ...(keyboard.vial
        ? { vial: { protocol: keyboard.vial.protocol, uid: keyboard.vial.uid }, viaProtocol: 9 }
        : {}),
    },
    protocol: keyboard.protocol,
    // Documents name a macro's rules by the VIA protocol that has them (11: delays, as a Vial board from 2 on).
    macroProtocol: hasDelays(macroFormatOf(keyboard)) ? Math.max(keyboard.protocol, 11) : keyboard.protocol,
    layers: keyboard.keymap.map((layer) => [...layer]),
    encoders: keyboard.encoders.map((layer) => layer.map(([cw, ccw]) => [cw, ccw] as [number, number])),
    macros: macroScripts(keyboard),
    ...(extra.vial ? { vial: extra.vial } : {}),
    layerNames: [...(extra.layerNames ?? [])],
    layoutOptions: keyboard.layoutOptions,
    source: 'the keyboard',
  };
}
