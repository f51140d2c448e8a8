import { macroStepsOf, type DocumentMacroStep } from './macroSteps.ts';
import type { ConvertNote } from './convertNotes.ts';
import type { KeymapDocument } from './keymapDocument.ts';
import type { QmkInfo } from './qmkInfo.ts';
import { QmkKeyWriter } from './qmkKeyText.ts';
import { chooseQmkLayout, type LayoutRequest } from './qmkLayoutChoice.ts';
import { userNameLookup, userNamesAsTextNote } from './userNames.ts';
import type { ConvertResult } from './writtenFile.ts';
import { reasonOf } from '../lib/refusal.ts';

/**
 * QMK's keymap.json (QMK Configurator, `qmk compile`, `qmk json2c`): `keyboard` (QMK's folder name), `keymap`,
 * `layout` (a LAYOUT macro of the keyboard's keyboard.json/info.json), `layers` (QMK keycode text per macro
 * argument), `encoders` (`[layer][encoder] = {ccw, cw}`) and `macros` (text, and `{action: tap|down|up, keycodes:
 * [names without KC_]}`, `{action: delay, duration}`), which QMK numbers QK_MACRO_0 … QK_MACRO_31.
 */

export interface KeymapJsonOptions extends LayoutRequest {
  info: QmkInfo;
  /** QMK's folder name for the keyboard (`keychron/q6/ansi_encoder`); absent: a guess, with a note. */
  keyboard?: string | undefined;
  keymap?: string | undefined;
}

/** QMK numbers keymap.json macros QK_MACRO_0 … QK_MACRO_31. */
export const KEYMAP_JSON_MACROS = 32;

type JsonMacroItem = string | { action: string; keycodes?: string[]; duration?: number };

/** `Keychron Q6 ANSI Knob` → `keychron_q6_ansi_knob` (a guess at QMK's folder name). */
function guessKeyboard(name: string): string {
  return (
    name
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '_')
      .replace(/^_|_$/g, '') || 'keyboard'
  );
}

/** Macro steps as keymap.json items; keys only by their KC_ name (what QMK's X_ names mirror). */
function jsonMacro(
  steps: readonly DocumentMacroStep[],
  keys: QmkKeyWriter,
  lost: (text: string) => void,
): JsonMacroItem[] {
  const items: JsonMacroItem[] = [];
  const keyName = (code: number) => {
    const name = keys.text(code);
    if (name.startsWith('KC_')) return name.slice(3);
    lost(name);
    return null;
  };
  for (let i = 0; i < steps.length; i++) {
    const step = steps[i]!;
    if (step.kind === 'text') {
      const chars = [...step.text];
      const ascii = chars.filter((c) => (c >= ' ' && c <= '~') || c === '\n' || c === '\t');
      if (ascii.length < chars.length) lost(chars.filter((c) => !ascii.includes(c)).join(''));
      if (ascii.length > 0) items.push(ascii.join(''));
      continue;
    }
    if (step.kind === 'delay') {
      items.push({ action: 'delay', duration: step.ms });
      continue;
    }
    // Keys pressed then released in reverse order are one tap of several keycodes (QMK holds all but the last).
    let j = i;
    while (steps[j]?.kind === 'down') j++;
    const downs = steps.slice(i, j) as { keycode: number }[];
    const ups = steps.slice(j, j + downs.length);
    if (
      downs.length > 1 &&
      ups.length === downs.length &&
      ups.every((u, k) => u.kind === 'up' && u.keycode === downs[downs.length - 1 - k]!.keycode)
    ) {
      const names = downs.map((d) => keyName(d.keycode));
      if (names.every((n) => n !== null)) items.push({ action: 'tap', keycodes: names as string[] });
      i = j + downs.length - 1;
      continue;
    }
    const name = keyName(step.keycode);
    if (name !== null) items.push({ action: step.kind, keycodes: [name] });
  }
  return items;
}

/** A document as a keymap.json through the keyboard's keyboard.json/info.json (its LAYOUT macro). */
export function writeQmkKeymapJson(doc: KeymapDocument, options: KeymapJsonOptions): ConvertResult {
  const chosen = chooseQmkLayout(doc, options.info, options);
  if (!chosen.ok) return chosen;
  const { layout } = chosen;
  const notes: ConvertNote[] = [...chosen.notes];
  const keys = new QmkKeyWriter(doc.protocol);
  const { cols } = doc.keyboard;
  // A name of the user's own code keeps its text (ANY() included): QMK passes it through to their code.
  const own = userNameLookup(doc);
  const layers = doc.layers.map((layer, l) =>
    layout.keys.map((k) => own.key(l, k.row * cols + k.col) ?? keys.text(layer[k.row * cols + k.col] ?? 0)),
  );
  const json: Record<string, unknown> = {
    version: 1,
    notes: `Written by Keyloom from ${doc.source} (${doc.keyboard.name}).`,
    keyboard: options.keyboard ?? guessKeyboard(options.info.name),
    keymap: options.keymap ?? 'keyloom',
    layout: layout.name,
    layers,
  };
  if (!options.keyboard) notes.push({ kind: 'keyboardNameGuessed', name: json.keyboard as string });
  const encoderCount = doc.encoders[0]?.length ?? 0;
  if (encoderCount > 0)
    json.encoders = doc.layers.map((_, l) =>
      Array.from({ length: encoderCount }, (_, e) => {
        const [cw, ccw] = doc.encoders[l]?.[e] ?? [0, 0];
        return {
          ccw: own.encoder(l, e, false) ?? keys.text(ccw),
          cw: own.encoder(l, e, true) ?? keys.text(cw),
        };
      }),
    );
  const macroKeys = new QmkKeyWriter(doc.macroProtocol);
  let last = -1;
  doc.macros.forEach((m, i) => m !== '' && (last = i));
  if (last >= KEYMAP_JSON_MACROS) {
    notes.push({ kind: 'tooManyMacros', count: last + 1, max: KEYMAP_JSON_MACROS });
    last = KEYMAP_JSON_MACROS - 1;
  }
  if (last >= 0) {
    json.macros = doc.macros.slice(0, last + 1).map((script, index) => {
      let items: JsonMacroItem[] = [];
      try {
        let lost = '';
        items = jsonMacro(macroStepsOf(script, doc.macroProtocol), macroKeys, (t) => (lost += t));
        if (lost) notes.push({ kind: 'macroText', macro: index, characters: lost });
      } catch (e) {
        notes.push({
          kind: 'macroInvalid',
          macro: index,
          reason: reasonOf(e),
        });
      }
      // QMK turns an empty macro into SEND_STRING() (no argument), which does not compile: a 0 ms delay instead.
      return items.length > 0 ? items : [{ action: 'delay', duration: 0 }];
    });
  }
  notes.push(...userNamesAsTextNote(doc, 'keymap.json'), ...keys.notes(), ...macroKeys.notes());
  const vial = doc.vial;
  const count = (feature: 'tapDance' | 'combos' | 'keyOverrides', n: number) =>
    n > 0 && notes.push({ kind: 'notInFormat', feature, count: n, format: 'keymap.json' });
  if (vial) {
    count(
      'tapDance',
      vial.tapDance.filter((t) => t.onTap || t.onHold || t.onDoubleTap || t.onTapHold).length,
    );
    count('combos', vial.combos.filter((c) => c.output || c.keys.some((k) => k)).length);
    count('keyOverrides', vial.keyOverrides.filter((k) => k.trigger || k.replacement).length);
    const settings = Object.keys(vial.settings).length;
    if (settings > 0)
      notes.push({ kind: 'notInFormat', feature: 'settings', count: settings, format: 'keymap.json' });
  }
  return {
    ok: true,
    files: [{ name: 'keymap.json', text: JSON.stringify(json, null, 2) + '\n', type: 'application/json' }],
    notes,
  };
}
