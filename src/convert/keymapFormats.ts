import { refusalTable } from '../lib/refusal.ts';
import { safeDocument, type KeymapDocument } from './keymapDocument.ts';
import type { QmkInfo } from './qmkInfo.ts';
import { writeKeymapC } from './qmkKeymapC.ts';
import { writeQmkKeymapJson } from './qmkKeymapJson.ts';
import { writeViaLayout } from './viaLayoutDocument.ts';
import { writeVilFile } from './vilWriter.ts';
import type { ConvertResult } from './writtenFile.ts';

/** What a writer may be given beyond the document. */
export interface WriteOptions {
  /** The board's QMK keyboard.json/info.json (keymap.json needs it; keymap.c uses its LAYOUT macro). */
  info?: QmkInfo | null | undefined;
  /** A LAYOUT macro (or alias) of `info`; absent, the one that fits the keys in use. */
  layoutName?: string | undefined;
  /** Matrix indexes of the keys in the user's layout options. */
  used?: ReadonlySet<number> | undefined;
  /** keymap.c macros as code (default) or left to VIA's dynamic macros. */
  macros?: 'code' | 'via' | undefined;
  /** keymap.json's `keyboard` (QMK's folder name). */
  qmkKeyboard?: string | undefined;
}

export interface KeymapFormat {
  id: string;
  /** English name (the app words its own). */
  title: string;
  /** Whether the format needs the board's keyboard.json/info.json. */
  needsInfo: boolean;
  write(doc: KeymapDocument, options: WriteOptions): ConvertResult;
}

/**
 * The formats a keymap document (VIA/QMK keycodes) can be written in: one table for the app's Export and
 * `keyloom convert`. ZMK's `.keymap` is not here: it is written from a ZMK keyboard's keymap, whose bindings are
 * behaviors, not keycodes (zmkKeymap.ts).
 */
export const KEYMAP_FORMATS: readonly KeymapFormat[] = [
  {
    id: 'via',
    title: 'VIA / Keyloom layout (.layout.json)',
    needsInfo: false,
    write: (doc) => writeViaLayout(doc),
  },
  { id: 'vil', title: 'Vial layout (.vil)', needsInfo: false, write: (doc) => writeVilFile(doc) },
  {
    id: 'qmk-json',
    title: 'QMK keymap.json',
    needsInfo: true,
    write: (doc, o) =>
      o.info
        ? writeQmkKeymapJson(doc, {
            info: o.info,
            layoutName: o.layoutName,
            used: o.used,
            keyboard: o.qmkKeyboard,
          })
        : keymapFormatRefusals.refuse('needsInfo', { format: 'keymap.json' }),
  },
  {
    id: 'qmk-c',
    title: 'QMK keymap.c',
    needsInfo: false,
    write: (doc, o) =>
      writeKeymapC(doc, { info: o.info, layoutName: o.layoutName, used: o.used, macros: o.macros }),
  },
];

/**
 * Why a document is not written (lib/refusal.ts: `refusals:keymapFormat.<name>`): a format that needs the
 * keyboard.json/info.json, a format written from another kind of keymap (the CLI says why instead of "unknown
 * format"), a format that does not exist.
 */
export const keymapFormatRefusals = refusalTable('keymapFormat', {
  needsInfo:
    "A {{format}} is written through the keyboard's LAYOUT macro: give its QMK keyboard.json or info.json.",
  zmk: "A ZMK .keymap is written from a ZMK keyboard's keymap (a Keyloom ZMK keymap file, .zmk.json, saved from the keyboard): VIA, Vial and QMK keycodes are not ZMK behaviors.",
  unknown: 'Unknown format "{{format}}": use one of {{formats}}.',
});

/** Writes a document in a format; one clear line for a format that is unknown or not written from a document. */
export function writeKeymap(doc: KeymapDocument, format: string, options: WriteOptions = {}): ConvertResult {
  const writer = KEYMAP_FORMATS.find((f) => f.id === format);
  // Names reach every format without bidi overrides or control characters (Trojan Source).
  if (writer) return writer.write(safeDocument(doc), options);
  if (format === 'zmk') return keymapFormatRefusals.refuse('zmk');
  return keymapFormatRefusals.refuse('unknown', {
    format,
    formats: KEYMAP_FORMATS.map((f) => f.id).join(', '),
  });
}
