import { z } from '../formats/zod.ts';
import type { LayoutFile } from '../formats/layoutFile.ts';
import { HEX_KEYCODE, viaKeycodeText } from '../keycodes/index.ts';
import { parseQmkKeycode, QMK_PROTOCOL } from '../keycodes/qmkNames.ts';
import { convertKeycode } from '../keycodes/numbering.ts';
import { DOCUMENT_LIMITS } from './keymapDocument.ts';
import { findLayout, readQmkJson, type QmkInfo } from './qmkInfo.ts';
import type { ConvertNote } from './convertNotes.ts';
import { refusalTable, type Refused } from '../lib/refusal.ts';

const keycodeText = z.string().min(1).max(256);
const macroItem = z.union([
  z.string().max(4096),
  z.object({
    action: z.string(),
    keycodes: z.array(z.string().min(1).max(64)).max(16).optional(),
    duration: z.number().int().min(0).max(600_000).optional(),
  }),
]);

const KeymapJsonSchema = z.object({
  keyboard: z.string().optional(),
  keymap: z.string().optional(),
  layout: z.string().min(1),
  layers: z.array(z.array(keycodeText).max(DOCUMENT_LIMITS.keys)).min(1).max(DOCUMENT_LIMITS.layers),
  encoders: z
    .array(z.array(z.object({ ccw: keycodeText, cw: keycodeText })).max(DOCUMENT_LIMITS.encoders))
    .max(DOCUMENT_LIMITS.layers)
    .optional(),
  macros: z.array(z.array(macroItem).max(1024)).max(DOCUMENT_LIMITS.macros).optional(),
});

/** Why a keymap.json is refused (lib/refusal.ts): the page shows `refusals:keymapJson.<name>`. */
export const keymapJsonRefusals = refusalTable('keymapJson', {
  json: 'Could not read the keymap.json: it is not JSON.',
  tooLarge:
    'Could not read the keymap.json: it is {{size}} bytes; Keyloom reads QMK files of at most {{max}}.',
  tooDeep: 'Could not read the keymap.json: it nests lists and objects more than {{depth}} deep.',
  shape:
    'Could not read the keymap.json: {{where}} is missing or has the wrong form (it needs "layout" and "layers").',
  layout:
    'The keymap.json uses {{layout}}, which the keyboard.json/info.json does not have (it has {{known}}).',
  keyCount: "The keymap.json's layer {{layer}} has {{found}} keys; {{layout}} takes {{expected}}.",
  position:
    "{{layout}} uses matrix position [{{row}}, {{col}}], outside the keyboard's {{rows}}×{{cols}} matrix.",
  // Not a refusal of the file: why one macro was left out (a `macroInvalid` note).
  macroAction: '"{{action}}" has no place in a macro here',
});

/** The keyboard a keymap.json is read for (as a .vil import: what it leaves out keeps these). */
export interface KeymapJsonTarget {
  name: string;
  vendorProductId: number;
  protocol: number;
  rows: number;
  cols: number;
  layerCount: number;
  /** [layer][row × cols + col] now; keys the LAYOUT macro has no argument for keep these (KC_NO when absent). */
  keymap: readonly (readonly number[])[];
  encoderCount: number;
  macroCount: number;
}

/** Taken out of `ANY(…)`, as QMK's own tools do. */
const stripAny = (text: string) => /^ANY\((.*)\)$/s.exec(text.trim())?.[1] ?? text.trim();

/**
 * A keymap.json → a `.layout.json` for `target` (its positions mapped through the LAYOUT macro of the
 * keyboard.json/info.json), so the import takes the same checked, previewed, undoable path as any layout file.
 * Names are read as QMK reads them (today's numbering) and carried to the board's numbering by name; a hex
 * number is kept as the number; a name QMK does not have (the user's own: `TD(DSH_HPR)`, `ANY(MY_KEY)`) is passed
 * through exactly as written, for the load's check to list with its place and for writers to carry as text. Refuses, with one clear line, only what is not a keymap.json for this layout.
 */
export function readQmkKeymapJson(
  text: string,
  info: QmkInfo,
  target: KeymapJsonTarget,
): { ok: true; file: LayoutFile; notes: ConvertNote[] } | Refused {
  const { refuse } = keymapJsonRefusals;
  const read = readQmkJson(text, keymapJsonRefusals);
  if (!read.ok) return read;
  const json = read.json;
  const parsed = KeymapJsonSchema.safeParse(json);
  if (!parsed.success) return refuse('shape', { where: parsed.error.issues[0]?.path.join('.') || 'layers' });
  const data = parsed.data;
  const layout = findLayout(info, data.layout);
  if (!layout)
    return refuse('layout', { layout: data.layout, known: info.layouts.map((l) => l.name).join(', ') });
  const wrong = data.layers.findIndex((l) => l.length !== layout.keys.length);
  if (wrong >= 0)
    return refuse('keyCount', {
      layer: wrong,
      found: data.layers[wrong]!.length,
      layout: layout.name,
      expected: layout.keys.length,
    });
  const outside = layout.keys.find((k) => k.row >= target.rows || k.col >= target.cols);
  if (outside)
    return refuse('position', {
      layout: layout.name,
      row: outside.row,
      col: outside.col,
      rows: target.rows,
      cols: target.cols,
    });

  const notes: ConvertNote[] = [];
  const unnamed = new Set<string>();
  const board = (name: string): string => {
    const written = stripAny(name);
    if (HEX_KEYCODE.test(written)) {
      if (target.protocol < QMK_PROTOCOL) unnamed.add(written);
      return written;
    }
    const qmk = parseQmkKeycode(written);
    // A name of the user's own code: kept as they wrote it (ANY() included), for the load to list and writers to carry.
    if (qmk === null) return name.trim();
    const code = convertKeycode(qmk, QMK_PROTOCOL, target.protocol);
    return code === null ? written : viaKeycodeText(code, target.protocol);
  };
  const layerCount = Math.min(data.layers.length, target.layerCount);
  if (data.layers.length > target.layerCount)
    notes.push({ kind: 'extraLayers', inSource: data.layers.length, kept: target.layerCount });
  const { rows, cols } = target;
  const layers = Array.from({ length: layerCount }, (_, l) => {
    const out = Array.from({ length: rows * cols }, (_, i) =>
      viaKeycodeText(target.keymap[l]?.[i] ?? 0, target.protocol),
    );
    layout.keys.forEach((k, i) => (out[k.row * cols + k.col] = board(data.layers[l]![i]!)));
    return out;
  });
  const file: LayoutFile = { name: target.name, vendorProductId: target.vendorProductId, layers };
  const jsonEncoders = data.encoders ?? [];
  const encoderCount = Math.max(0, ...jsonEncoders.map((l) => l.length));
  if (encoderCount > target.encoderCount)
    notes.push({ kind: 'encoderCount', inSource: encoderCount, kept: target.encoderCount });
  if (target.encoderCount > 0 && encoderCount > 0)
    file.encoders = Array.from({ length: target.encoderCount }, (_, e) =>
      layers.map((_, l) => {
        const pair = jsonEncoders[l]?.[e];
        return [board(pair?.ccw ?? 'KC_NO'), board(pair?.cw ?? 'KC_NO')] as [string, string];
      }),
    );
  if (data.macros && target.macroCount > 0) {
    if (data.macros.length > target.macroCount)
      notes.push({ kind: 'tooManyMacros', count: data.macros.length, max: target.macroCount });
    file.macros = Array.from({ length: target.macroCount }, (_, i) =>
      macroScript(data.macros![i] ?? [], (k) => board(`KC_${k}`), notes, i),
    );
  }
  if (unnamed.size > 0)
    notes.push({
      kind: 'unnamedKeycode',
      protocol: QMK_PROTOCOL,
      codes: [...unnamed].slice(0, 8),
      count: unnamed.size,
    });
  return { ok: true, file, notes };
}

/** keymap.json macro items → a Keyloom macro script (tap of several keys → a chord; beep → left out, noted). */
function macroScript(
  items: readonly z.infer<typeof macroItem>[],
  key: (name: string) => string,
  notes: ConvertNote[],
  index: number,
): string {
  let out = '';
  for (const item of items) {
    if (typeof item === 'string') {
      out += item.replace(/\{/g, '\\{');
      continue;
    }
    const names = (item.keycodes ?? []).map(key);
    if (item.action === 'delay') {
      for (let left = item.duration ?? 0; left > 0; left -= 9999) out += `{${Math.min(left, 9999)}}`;
    } else if (item.action === 'tap' && names.length > 0) out += `{${names.join(',')}}`;
    else if ((item.action === 'down' || item.action === 'up') && names.length > 0)
      out += names.map((n) => `{${item.action === 'down' ? '+' : '-'}${n}}`).join('');
    else
      notes.push({
        kind: 'macroInvalid',
        macro: index,
        reason: keymapJsonRefusals.refusal('macroAction', { action: item.action }),
      });
  }
  return out;
}
