import { generationFor } from '../keycodes/index.ts';
import { macroStepsOf, type DocumentMacroStep } from './macroSteps.ts';
import type { ConvertNote } from './convertNotes.ts';
import type { KeymapDocument } from './keymapDocument.ts';
import { renumberDocument } from './renumber.ts';
import { userNamesForNumbers, type UnknownChoice } from './userNames.ts';
import type { ConvertResult } from './writtenFile.ts';
import { reasonOf } from '../lib/refusal.ts';

/** The Vial protocol whose keycode numbering is VIA protocol 12's (QMK's today); older ones number as VIA 9. */
const VIAL_RENUMBERED = 6;
/** The VIA protocol Vial firmware reports. */
const VIAL_VIA_PROTOCOL = 9;
const UID_PLACEHOLDER = '"__keyloom_uid__"';

type VilAction = (string | number)[];

/** A Keyloom macro's steps as vial-gui's action lists (`["text", s]`, `["tap", kc]`, `["down", kc]`, `["delay", ms]`). */
function vilMacro(steps: readonly DocumentMacroStep[]): VilAction[] {
  return steps.map((s) => {
    if (s.kind === 'text') return ['text', s.text];
    if (s.kind === 'delay') return ['delay', s.ms];
    return [s.kind, s.keycode];
  });
}

/**
 * A document as vial-gui's saved layout (`.vil`, docs/vial-layout-files.md): the keymap by [layer][row][col],
 * encoders by [layer][encoder] = [ccw, cw], macros as action lists, tap dance, combos, key overrides and QMK
 * settings, the board's UID and protocols. Keycodes are written as numbers in the board's numbering, which
 * vial-gui takes as they are (names would depend on its version's tables); the UID as the exact 64-bit number.
 * A keymap in VIA protocol 11's numbering (which no Vial firmware uses) is carried to QMK's today by name.
 */
export function writeVilFile(doc: KeymapDocument, unknown?: UnknownChoice): ConvertResult {
  const own = userNamesForNumbers(doc, '.vil', unknown);
  if (!own.ok) return own;
  const notes: ConvertNote[] = [...own.notes];
  let source = doc;
  if (generationFor(doc.protocol) === 'v11') {
    const renumbered = renumberDocument(doc, 12, Math.max(doc.macroProtocol, 11));
    source = renumbered.doc;
    notes.push(...renumbered.notes);
  }
  const { rows, cols } = source.keyboard;
  const vialProtocol =
    source.keyboard.vial?.protocol ?? (generationFor(source.protocol) === 'v12' ? VIAL_RENUMBERED : 5);
  const macros = source.macros.map((script, index) => {
    try {
      return vilMacro(macroStepsOf(script, source.macroProtocol));
    } catch (e) {
      notes.push({ kind: 'macroInvalid', macro: index, reason: reasonOf(e) });
      return [];
    }
  });
  const vial = source.vial;
  const layout: (number | string)[][][] = source.layers.map((layer) =>
    Array.from({ length: rows }, (_, r) => layer.slice(r * cols, r * cols + cols)),
  );
  const encoderLayout: (number | string)[][][] = source.encoders.map((layer) =>
    layer.map(([cw, ccw]) => [ccw, cw]),
  );
  if (own.keep)
    for (const { text, place } of source.userNames ?? []) {
      if (place.kind === 'key')
        layout[place.layer]![Math.floor(place.index / cols)]![place.index % cols] = text;
      else encoderLayout[place.layer]![place.encoder]![place.clockwise ? 1 : 0] = text;
    }
  const vil: Record<string, unknown> = {
    version: 1,
    ...(source.keyboard.vial ? { uid: UID_PLACEHOLDER } : {}),
    layout,
    encoder_layout: encoderLayout,
    layout_options: source.layoutOptions ?? -1,
    macro: macros,
    vial_protocol: vialProtocol,
    via_protocol: source.keyboard.viaProtocol ?? VIAL_VIA_PROTOCOL,
    tap_dance: (vial?.tapDance ?? []).map((td) => [
      td.onTap,
      td.onHold,
      td.onDoubleTap,
      td.onTapHold,
      td.tappingTerm,
    ]),
    combo: (vial?.combos ?? []).map((c) => [...c.keys, c.output]),
    key_override: (vial?.keyOverrides ?? []).map((ko) => ({
      trigger: ko.trigger,
      replacement: ko.replacement,
      layers: ko.layers,
      trigger_mods: ko.triggerMods,
      negative_mod_mask: ko.negativeModMask,
      suppressed_mods: ko.suppressedMods,
      options: ko.options,
    })),
    settings: Object.fromEntries(Object.entries(vial?.settings ?? {}).map(([q, v]) => [String(q), v])),
  };
  if (doc.layerNames?.some((n) => n !== ''))
    notes.push({
      kind: 'notInFormat',
      feature: 'layerNames',
      count: doc.layerNames.filter((n) => n !== '').length,
      format: '.vil',
    });
  let text = JSON.stringify(vil);
  // vial-gui writes the UID as a JSON number: the exact decimal digits (JSON.stringify would round a double).
  const uid = source.keyboard.vial?.uid;
  if (uid) text = text.replace(UID_PLACEHOLDER, BigInt(`0x${uid}`).toString(10));
  const fileName = `${source.keyboard.name.replace(/[^a-z0-9]/gi, '_').toLowerCase()}.vil`;
  return { ok: true, files: [{ name: fileName, text, type: 'application/json' }], notes };
}
