import { generationFor, hexKeycode } from '../keycodes/index.ts';
import { convertKeycode } from '../keycodes/numbering.ts';
import { macroToScript, scriptToMacro } from '../macros/macroCodec.ts';
import type { ConvertNote } from './convertNotes.ts';
import type { KeymapDocument } from './keymapDocument.ts';

/**
 * A document in another VIA protocol's keycode numbering (a keymap.json, in today's QMK numbering, loaded on a
 * protocol-9 board): every keycode carried by name (keycodes/numbering.ts). A number nothing names, or whose
 * name the other numbering lacks, keeps its number and is listed in one `unnamedKeycode` note.
 */
export function renumberDocument(
  doc: KeymapDocument,
  protocol: number,
  macroProtocol: number = protocol,
): { doc: KeymapDocument; notes: ConvertNote[] } {
  const sameKeys = generationFor(doc.protocol) === generationFor(protocol);
  const sameMacros = generationFor(doc.macroProtocol) === generationFor(macroProtocol);
  if (sameKeys && sameMacros) return { doc: { ...doc, protocol, macroProtocol }, notes: [] };
  const unnamed = new Map<number, number>();
  const key = (code: number, from: number, to: number) => {
    const value = convertKeycode(code, from, to);
    if (value !== null) return value;
    unnamed.set(code, (unnamed.get(code) ?? 0) + 1);
    return code;
  };
  const k = (code: number) => key(code, doc.protocol, protocol);
  const vial = doc.vial && {
    tapDance: doc.vial.tapDance.map((td) => ({
      ...td,
      onTap: k(td.onTap),
      onHold: k(td.onHold),
      onDoubleTap: k(td.onDoubleTap),
      onTapHold: k(td.onTapHold),
    })),
    combos: doc.vial.combos.map((c) => ({
      keys: c.keys.map(k) as [number, number, number, number],
      output: k(c.output),
    })),
    keyOverrides: doc.vial.keyOverrides.map((ko) => ({
      ...ko,
      trigger: k(ko.trigger),
      replacement: k(ko.replacement),
    })),
    settings: doc.vial.settings,
  };
  const macros = sameMacros
    ? doc.macros
    : doc.macros.map((script) => {
        const steps = scriptToMacro(script, doc.macroProtocol).map((s) =>
          'keycode' in s ? { ...s, keycode: key(s.keycode, doc.macroProtocol, macroProtocol) } : s,
        );
        return macroToScript(steps, macroProtocol);
      });
  const layers = doc.layers.map((layer) => layer.map(k));
  const encoders = doc.encoders.map((layer) => layer.map(([cw, ccw]) => [k(cw), k(ccw)] as [number, number]));
  // The note last, once every key, encoder, macro and Vial entry is carried (issue 39 item 6: built before the
  // layers, it missed every number they carried as it was).
  const notes: ConvertNote[] =
    unnamed.size === 0
      ? []
      : [
          {
            kind: 'unnamedKeycode',
            protocol: doc.protocol,
            codes: [...unnamed.keys()].slice(0, 8).map(hexKeycode),
            count: [...unnamed.values()].reduce((a, b) => a + b, 0),
          },
        ];
  return {
    doc: {
      ...doc,
      protocol,
      macroProtocol,
      layers,
      encoders,
      macros,
      ...(vial ? { vial } : {}),
    },
    notes,
  };
}
