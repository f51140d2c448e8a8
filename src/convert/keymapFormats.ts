import type { KeymapDocument } from './keymapDocument.ts';
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
 * The formats a keymap can be written in: one table for the app's Export and `keyloom convert`. A new format (ZMK
 * `.keymap`, after ZMK keyboards are supported) is one more entry here with its writer over the same document.
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
        : { ok: false, message: FORMAT_ERRORS.needsInfo('keymap.json') },
  },
  {
    id: 'qmk-c',
    title: 'QMK keymap.c',
    needsInfo: false,
    write: (doc, o) =>
      writeKeymapC(doc, { info: o.info, layoutName: o.layoutName, used: o.used, macros: o.macros }),
  },
];

/** Formats named for later, with why they are not here yet (the CLI says so instead of "unknown format"). */
const COMING: Record<string, string> = {
  zmk: 'ZMK .keymap export comes with ZMK keyboard support, which Keyloom does not have yet.',
};

export const FORMAT_ERRORS = {
  needsInfo: (format: string) =>
    `A ${format} is written through the keyboard's LAYOUT macro: give its QMK keyboard.json or info.json.`,
  unknown: (format: string) =>
    `Unknown format "${format}": use one of ${KEYMAP_FORMATS.map((f) => f.id).join(', ')}.`,
} as const;

/** Writes a document in a format; one clear line for a format that is unknown or not yet there. */
export function writeKeymap(doc: KeymapDocument, format: string, options: WriteOptions = {}): ConvertResult {
  const writer = KEYMAP_FORMATS.find((f) => f.id === format);
  if (writer) return writer.write(doc, options);
  return { ok: false, message: COMING[format] ?? FORMAT_ERRORS.unknown(format) };
}
