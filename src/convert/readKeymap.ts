import { readVilFile } from '../vial/vilFile.ts';
import { vialKeycodeProtocol } from '../qmk/protocolVersions.ts';
import { refusalTable, type Refused } from '../lib/refusal.ts';
import type { ConvertNote } from './convertNotes.ts';
import { DOCUMENT_LIMITS, type KeymapDocument } from './keymapDocument.ts';
import type { QmkInfo } from './qmkInfo.ts';
import { readQmkKeymapJson } from './qmkKeymapJsonReader.ts';
import { readViaLayout } from './viaLayoutDocument.ts';
import { isZmkSnapshotText } from './zmkSnapshot.ts';

/** What a file can be read as ('zmk': a Keyloom ZMK keymap file, read by zmkSnapshot.ts, written only as ZMK). */
export type InputKind = 'via' | 'vil' | 'qmk-json' | 'zmk';

/** What the reader knows of the keyboard beside the file (from its definition), if anything. */
export interface BoardFacts {
  name: string;
  vendorProductId: number;
  rows: number;
  cols: number;
  /** The VIA protocol whose numbering the board uses. */
  protocol: number;
}

/** Why `readKeymap` reads nothing (lib/refusal.ts): `refusals:readKeymap.<name>` on a page. */
export const readKeymapRefusals = refusalTable('readKeymap', {
  unknown:
    'Could not tell the file apart: expected a .layout.json (VIA/Keyloom), a .vil (Vial), a keymap.json (QMK), a ZMK .keymap or a Keyloom ZMK keymap (.zmk.json).',
  zmk: 'A ZMK keymap is written as a ZMK .keymap only (--to zmk): its bindings are ZMK behaviors, which VIA, Vial and QMK keycodes cannot hold.',
  needsDefinition: "A .layout.json holds no matrix size: give the keyboard's definition (--definition).",
  needsInfo:
    "A keymap.json is read through the keyboard's LAYOUT macro: give its keyboard.json or info.json.",
  vilShape: 'The .vil has no keymap rows to read.',
});

/** USB ids for the layout file a .vil or keymap.json is read through when nothing names the keyboard's. */
const UNKNOWN_IDS = 0xffffffff;

/** The largest of `values` (0 for none), in a loop: `Math.max(...list)` overflows the stack on a long list. */
function largest(values: Iterable<number>): number {
  let most = 0;
  for (const v of values) if (v > most) most = v;
  return most;
}

/** Which format a text is, from its JSON shape (null when none). */
export function detectInput(text: string): InputKind | null {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof json !== 'object' || json === null || Array.isArray(json)) return null;
  const o = json as Record<string, unknown>;
  if (isZmkSnapshotText(o)) return 'zmk';
  if (typeof o.vendorProductId === 'number' && Array.isArray(o.layers)) return 'via';
  if (Array.isArray(o.layout) && Array.isArray(o.layout[0])) return 'vil';
  if (typeof o.layout === 'string' && Array.isArray(o.layers)) return 'qmk-json';
  return null;
}

/** The layers, encoders and macros a keymap.json holds (to size the board it is read onto). */
function jsonShape(text: string): { layers: number; encoders: number; macros: number } {
  const o = JSON.parse(text) as { layers?: unknown[]; encoders?: unknown[][]; macros?: unknown[] };
  return {
    layers: Math.min(o.layers?.length ?? 0, DOCUMENT_LIMITS.layers),
    encoders: Math.min(largest((o.encoders ?? []).map((l) => (Array.isArray(l) ? l.length : 0))), 32),
    macros: Math.min(o.macros?.length ?? 0, DOCUMENT_LIMITS.macros),
  };
}

/**
 * Reads any keymap file into a document, for `keyloom convert` (the app reads files against the connected
 * keyboard instead, through its Load). A .layout.json needs the board's definition (its matrix); a keymap.json
 * needs the keyboard.json/info.json; a .vil carries its own matrix and numbering.
 */
export function readKeymap(input: {
  text: string;
  fileName: string;
  board?: BoardFacts | undefined;
  info?: QmkInfo | undefined;
}): { ok: true; doc: KeymapDocument; notes: ConvertNote[] } | Refused {
  const { refuse } = readKeymapRefusals;
  const kind = detectInput(input.text);
  const { board } = input;
  if (kind === 'via') {
    if (!board) return refuse('needsDefinition');
    const read = readViaLayout(input.text, input.fileName, board);
    return read.ok ? { ok: true, doc: read.doc, notes: [] } : read;
  }
  if (kind === 'vil') {
    const vil = JSON.parse(input.text) as {
      layout: unknown[][][];
      vial_protocol?: unknown;
      via_protocol?: unknown;
      encoder_layout?: unknown[][];
      macro?: unknown[];
    };
    const rows = board?.rows ?? vil.layout[0]?.length ?? 0;
    const cols = board?.cols ?? largest((vil.layout[0] ?? []).map((r) => (Array.isArray(r) ? r.length : 0)));
    if (rows === 0 || cols === 0 || rows > DOCUMENT_LIMITS.rows || cols > DOCUMENT_LIMITS.cols)
      return refuse('vilShape');
    const vialProtocol = typeof vil.vial_protocol === 'number' ? vil.vial_protocol : 6;
    const protocol = vialKeycodeProtocol(vialProtocol);
    const macroProtocol = vialProtocol >= 2 ? Math.max(protocol, 11) : protocol;
    const target = {
      name: board?.name ?? 'Vial keyboard',
      // A .vil names no USB ids; the layout file in between needs some (the document says null again).
      vendorProductId: board?.vendorProductId ?? UNKNOWN_IDS,
      protocol,
      rows,
      cols,
      layerCount: Math.min(vil.layout.length, DOCUMENT_LIMITS.layers),
      keymap: [],
      encoderCount: Math.min(Array.isArray(vil.encoder_layout?.[0]) ? vil.encoder_layout[0].length : 0, 32),
      macrosSupported: Array.isArray(vil.macro),
      macroCount: Math.min(vil.macro?.length ?? 0, DOCUMENT_LIMITS.macros),
    };
    const read = readVilFile(input.text, target);
    if (!read.ok) return read;
    const doc = readViaLayout(
      JSON.stringify(read.file),
      input.fileName,
      { ...target, macroProtocol },
      '.vil',
    );
    if (!doc.ok) return doc;
    return {
      ok: true,
      doc: {
        ...doc.doc,
        keyboard: {
          ...doc.doc.keyboard,
          vendorProductId: board?.vendorProductId ?? null,
          vial: { protocol: vialProtocol, uid: '' },
          viaProtocol: typeof vil.via_protocol === 'number' ? vil.via_protocol : 9,
        },
      },
      notes: [],
    };
  }
  if (kind === 'qmk-json') {
    const { info } = input;
    if (!info) return refuse('needsInfo');
    const shape = jsonShape(input.text);
    const positions = info.layouts.flatMap((l) => l.keys);
    const rows = board?.rows ?? info.matrix?.rows ?? largest(positions.map((k) => k.row)) + 1;
    const cols = board?.cols ?? info.matrix?.cols ?? largest(positions.map((k) => k.col)) + 1;
    const target = {
      name: board?.name ?? info.name,
      vendorProductId: board?.vendorProductId ?? info.vendorProductId ?? UNKNOWN_IDS,
      protocol: board?.protocol ?? 12,
      rows,
      cols,
      layerCount: shape.layers,
      keymap: [],
      encoderCount: shape.encoders,
      macroCount: shape.macros,
    };
    const read = readQmkKeymapJson(input.text, info, target);
    if (!read.ok) return read;
    const doc = readViaLayout(
      JSON.stringify(read.file),
      input.fileName,
      { ...target, macroProtocol: Math.max(target.protocol, 11) },
      'keymap.json',
    );
    if (!doc.ok) return doc;
    const known = board?.vendorProductId ?? info.vendorProductId ?? null;
    return {
      ok: true,
      doc: { ...doc.doc, keyboard: { ...doc.doc.keyboard, vendorProductId: known } },
      notes: read.notes,
    };
  }
  return refuse(kind === 'zmk' ? 'zmk' : 'unknown');
}
