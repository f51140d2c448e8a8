import { buildLayoutFile, LayoutFileSchema, layoutFileName, withLayerNames } from '../formats/layoutFile.ts';
import { layoutRefusals } from '../formats/layoutRefusal.ts';
import { reasonOf, refusalTable, type Refused } from '../lib/refusal.ts';
import { parseKeycode } from '../keycodes/index.ts';
import { macroKeycodeNames, scriptToMacro } from '../macros/macroCodec.ts';
import { buildVialSection, parseVialSection } from '../vial/vialSection.ts';
import type { VialFeatures } from '../vial/entries.ts';
import type { ConvertNote } from './convertNotes.ts';
import {
  DOCUMENT_LIMITS,
  type KeyboardFacts,
  type KeymapDocument,
  type SourceFormat,
  type UserName,
  type UserNamePlace,
} from './keymapDocument.ts';
import { userNamesForNumbers, type UnknownChoice } from './userNames.ts';
import type { ConvertResult } from './writtenFile.ts';

/** The keyboard a `.layout.json` is read for: its matrix and the numbering its names are read in. */
export interface ViaLayoutTarget extends Omit<KeyboardFacts, 'vendorProductId'> {
  vendorProductId: number;
  protocol: number;
  macroProtocol?: number | undefined;
}

/**
 * Why a `.layout.json` cannot be read or written as a document (lib/refusal.ts: `refusals:viaLayout.<name>`);
 * what a load refuses too is worded as the load words it (`layoutRefusals`).
 */
export const viaLayoutRefusals = refusalTable('viaLayout', {
  keys: "The {{format}}'s layers have {{found}} keys; the keyboard's {{rows}}×{{cols}} matrix has {{keys}}.",
  tooBig: 'The {{format}} has more layers, encoders or macros than any keyboard holds.',
  unknown:
    "The {{format}} names keycodes this keyboard's numbering does not know in its macros or Vial features: {{names}}.",
  needsIds:
    "A .layout.json names its keyboard by USB ids, which this source does not hold: give the keyboard's definition.",
});

/**
 * A VIA/Keyloom `.layout.json` (formats/layoutFile.ts) as a document for `target`: names read as the keyboard's
 * protocol reads them; the `vial` object as numbers. A key or encoder whose name the protocol does not know (a
 * name from the user's own code) is kept as text in `userNames` (KC_NO in the numbers): each writer decides what
 * it can do with it (userNames.ts). An unknown name in a macro or a Vial feature refuses the file, naming them.
 * `format` is what the text was read from (a .vil and a keymap.json pass through here): refusals name it.
 */
export function readViaLayout(
  text: string,
  fileName: string,
  target: ViaLayoutTarget,
  format: SourceFormat = '.layout.json',
): { ok: true; doc: KeymapDocument } | Refused {
  const { refuse } = viaLayoutRefusals;
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return layoutRefusals.refuse('invalid');
  }
  const parsed = LayoutFileSchema.safeParse(json);
  if (!parsed.success) return layoutRefusals.refuse('invalid');
  const file = parsed.data;
  if (file.vendorProductId !== target.vendorProductId)
    return layoutRefusals.refuse('otherKeyboard', { file: fileName, keyboard: file.name });
  const keys = target.rows * target.cols;
  const wrong = file.layers.find((l) => l.length !== keys);
  if (wrong)
    return refuse('keys', { format, found: wrong.length, rows: target.rows, cols: target.cols, keys });
  if (
    file.layers.length > DOCUMENT_LIMITS.layers ||
    (file.encoders?.length ?? 0) > DOCUMENT_LIMITS.encoders ||
    (file.macros?.length ?? 0) > DOCUMENT_LIMITS.macros
  )
    return refuse('tooBig', { format });
  const { protocol } = target;
  const macroProtocol = target.macroProtocol ?? protocol;
  const unknown = new Set<string>();
  const userNames: UserName[] = [];
  const code = (name: string, place?: UserNamePlace) => {
    const value = parseKeycode(name, protocol);
    if (value === null) {
      if (place) userNames.push({ text: name, place });
      else unknown.add(name);
    }
    return value ?? 0;
  };
  const layers = file.layers.map((layer, l) =>
    layer.map((name, index) => code(name, { kind: 'key', layer: l, index })),
  );
  // .layout.json: encoders[encoder][layer] = [ccw, cw]; the document: [layer][encoder] = [cw, ccw].
  const fileEncoders = file.encoders ?? [];
  const encoders =
    fileEncoders.length === 0
      ? []
      : layers.map((_, l) =>
          fileEncoders.map((perLayer, encoder) => {
            const [ccw, cw] = perLayer[l] ?? ['KC_NO', 'KC_NO'];
            return [
              code(cw, { kind: 'encoder', layer: l, encoder, clockwise: true }),
              code(ccw, { kind: 'encoder', layer: l, encoder, clockwise: false }),
            ] as [number, number];
          }),
        );
  const macros = file.macros ?? [];
  for (const [index, script] of macros.entries()) {
    const names = macroKeycodeNames(script).filter((n) => parseKeycode(n, macroProtocol) === null);
    names.forEach((n) => unknown.add(n));
    try {
      if (names.length === 0) scriptToMacro(script, macroProtocol);
    } catch (e) {
      return layoutRefusals.refuse('macro', { macro: index + 1, reason: reasonOf(e) });
    }
  }
  let vial: VialFeatures | undefined;
  if (file.vial !== undefined) {
    const section = parseVialSection(file.vial);
    if (!section) return layoutRefusals.refuse('vialInvalid');
    vial = {
      tapDance: (section.tapDance ?? []).map((td) => ({
        onTap: code(td.onTap),
        onHold: code(td.onHold),
        onDoubleTap: code(td.onDoubleTap),
        onTapHold: code(td.onTapHold),
        tappingTerm: td.tappingTerm,
      })),
      combos: (section.combos ?? []).map((c) => ({
        keys: [0, 1, 2, 3].map((i) => (c.keys[i] === undefined ? 0 : code(c.keys[i]))) as [
          number,
          number,
          number,
          number,
        ],
        output: code(c.output),
      })),
      keyOverrides: (section.keyOverrides ?? []).map((ko) => ({
        ...ko,
        trigger: code(ko.trigger),
        replacement: code(ko.replacement),
      })),
      settings: Object.fromEntries(Object.entries(section.settings ?? {}).map(([q, v]) => [Number(q), v])),
    };
  }
  if (unknown.size > 0) return refuse('unknown', { format, names: [...unknown].slice(0, 10).join(', ') });
  return {
    ok: true,
    doc: {
      keyboard: { ...target, name: file.name },
      protocol,
      macroProtocol,
      layers,
      encoders,
      macros,
      ...(vial ? { vial } : {}),
      ...(file.layerNames ? { layerNames: file.layerNames } : {}),
      source: fileName,
      sourceFormat: format,
      ...(userNames.length > 0 ? { userNames } : {}),
    },
  };
}

/**
 * A document as a `.layout.json` VIA reads (VIA's names for its protocol, hex where VIA has none), with the
 * `vial` object when it has Vial features. Needs the keyboard's USB ids: a .layout.json is matched by them.
 * Names from the user's own code need `unknown` (userNames.ts): their text, or KC_NO.
 */
export function writeViaLayout(doc: KeymapDocument, unknown?: UnknownChoice): ConvertResult {
  const vpid = doc.keyboard.vendorProductId;
  if (vpid === null) return viaLayoutRefusals.refuse('needsIds');
  const own = userNamesForNumbers(doc, '.layout.json', unknown);
  if (!own.ok) return own;
  const file = buildLayoutFile({
    name: doc.keyboard.name,
    vendorProductId: vpid,
    protocol: doc.protocol,
    keymap: doc.layers,
    encoders: doc.encoders,
    macros: doc.macros,
  });
  const notes: ConvertNote[] = [...own.notes];
  if (own.keep)
    for (const { text, place } of doc.userNames ?? []) {
      if (place.kind === 'key') file.layers[place.layer]![place.index] = text;
      else file.encoders![place.encoder]![place.layer]![place.clockwise ? 1 : 0] = text;
    }
  // Layer names in Keyloom's own field (VIA ignores it), as Save writes them.
  const named = withLayerNames(file, doc.layerNames ?? []);
  const out = doc.vial ? { ...named, vial: buildVialSection(doc.vial, doc.protocol) } : named;
  return {
    ok: true,
    files: [
      {
        name: layoutFileName(doc.keyboard.name),
        text: JSON.stringify(out, null, 2),
        type: 'application/json',
      },
    ],
    notes,
  };
}
