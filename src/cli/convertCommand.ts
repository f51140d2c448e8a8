import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { CliCommand, CliIo } from './cliCommand.ts';
import { convertZmk } from './convertZmk.ts';
import { readDefinitionFile } from '../definitions/definitionFile.ts';
import { definitionName } from '../definitions/definitionName.ts';
import { visibleKeys } from '../definitions/geometry.ts';
import { loadCompiler } from '../definitions/loadCompiler.ts';
import { generationFor } from '../keycodes/index.ts';
import { unpackLayoutOptions } from '../protocol/layoutOptions.ts';
import { defaultBuildOptions } from '../definitions/buildDefaults.ts';
import { noteMessage, type ConvertNote } from '../convert/convertNotes.ts';
import { KEYMAP_FORMATS, writeKeymap } from '../convert/keymapFormats.ts';
import { readQmkInfo, type QmkInfo } from '../convert/qmkInfo.ts';
import { definitionPositions } from '../convert/qmkLayoutChoice.ts';
import { detectInput, readKeymap, type BoardFacts } from '../convert/readKeymap.ts';
import { renumberDocument } from '../convert/renumber.ts';
import type { UnknownChoice } from '../convert/userNames.ts';
import { zmkKeymapDocument } from '../convert/zmkKeymapDocument.ts';
import { readZmkKeymapSource } from '../convert/zmkKeymapReader.ts';
import { writeZmkKeymapSource } from '../convert/zmkKeymapSourceWriter.ts';

const USAGE = `Usage: keyloom convert IN --to ${KEYMAP_FORMATS.map((f) => f.id).join('|')}|zmk [--definition DEF] [--qmk-info INFO]
       [--out FILE] [--protocol N] [--layout LAYOUT_NAME] [--macros code|via] [--qmk-keyboard NAME]
       [--behavior "DISPLAY NAME=label"]... [--unknown keep|none]
  IN: a .layout.json (needs --definition), a .vil, or a QMK keymap.json (needs --qmk-info);
      or a Keyloom ZMK keymap (.zmk.json, saved from a ZMK keyboard), written --to zmk as a ZMK .keymap;
      or a ZMK .keymap: --to zmk writes it back (its own behaviors, combos, conditional layers kept), the QMK
      formats take its key positions in the order of --qmk-info's LAYOUT macro (--layout to choose one).
  Keys named in your own code (TD(X), a custom keycode) are written as the same text into keymap.c/keymap.json;
  into --to via|vil they are listed and refused unless --unknown keep (the same text: Keyloom leaves those keys as
  they are on the keyboard when it loads the file) or --unknown none (KC_NO).
  Without --out the main file goes to standard output; with it, extra files (rules.mk) are written beside it.
  What could not be carried is listed on standard error.`;

const VALUE_FLAGS = [
  '--to',
  '--definition',
  '--qmk-info',
  '--out',
  '--protocol',
  '--layout',
  '--macros',
  '--qmk-keyboard',
  '--behavior',
  '--unknown',
];

function option(args: string[], name: string): string | undefined {
  const i = args.indexOf(name);
  if (i >= 0) return args[i + 1];
  return args.find((a) => a.startsWith(`${name}=`))?.slice(name.length + 1);
}

/** The board a definition file describes, and the keys its default layout options show. */
async function boardOf(
  definitionText: string,
  protocol: number | undefined,
  layoutOptions: number | null | undefined,
): Promise<{ ok: true; board: BoardFacts; used: Set<number> } | { ok: false; message: string }> {
  const read = readDefinitionFile(definitionText, await loadCompiler());
  if (!read.ok) return read;
  const { definition, version } = read.value;
  const { rows, cols } = definition.matrix;
  const labels = definition.layouts.labels ?? [];
  const keys = visibleKeys(definition.layouts, unpackLayoutOptions(labels, layoutOptions ?? 0));
  return {
    ok: true,
    board: {
      name: definitionName(definition),
      vendorProductId: definition.vendorProductId,
      rows,
      cols,
      protocol: protocol ?? defaultBuildOptions(version).protocol,
    },
    used: definitionPositions(keys, cols),
  };
}

/** A ZMK `.keymap` (or a .dtsi): by its name, or by a keymap node in it. */
const isZmkKeymapSource = (text: string, file: string) =>
  /\.(keymap|dtsi?)$/i.test(file) || /compatible\s*=\s*"zmk,keymap"/.test(text);

/** The main file on standard output or at `out` (extra files beside it); the notes on standard error. */
async function output(
  written: { files: { name: string; text: string }[]; notes: ConvertNote[] },
  out: string | undefined,
  io: CliIo,
): Promise<number> {
  const [main, ...extra] = written.files;
  if (out) {
    await writeFile(out, main!.text);
    for (const file of extra) await writeFile(path.join(path.dirname(out), file.name), file.text);
    io.stdout.write(`wrote ${[out, ...extra.map((f) => path.join(path.dirname(out), f.name))].join(', ')}\n`);
  } else io.stdout.write(main!.text.endsWith('\n') ? main!.text : main!.text + '\n');
  for (const note of written.notes) io.stderr.write(`note: ${noteMessage(note)}\n`);
  return 0;
}

/** `keyloom convert IN --to FORMAT …`: the same readers and writers as the app's Export (src/convert/). */
export const run: CliCommand = async (args, io) => {
  const input = args.find((a, i) => !a.startsWith('--') && !VALUE_FLAGS.includes(args[i - 1] ?? ''));
  const to = option(args, '--to');
  const protocolText = option(args, '--protocol');
  const protocol = protocolText === undefined ? undefined : Number(protocolText);
  const macros = option(args, '--macros');
  const unknown = option(args, '--unknown');
  if (
    !input ||
    !to ||
    (protocol !== undefined && !(Number.isInteger(protocol) && protocol >= 1 && protocol <= 255)) ||
    (macros !== undefined && macros !== 'code' && macros !== 'via') ||
    (unknown !== undefined && unknown !== 'keep' && unknown !== 'none')
  ) {
    io.stderr.write(USAGE + '\n');
    return 2;
  }
  const fail = (message: string) => {
    io.stderr.write(message + '\n');
    return 1;
  };
  try {
    const text = await readFile(input, 'utf8');
    if (detectInput(text) === 'zmk')
      return await convertZmk(
        text,
        { to, out: option(args, '--out'), fileName: path.basename(input), args },
        io,
      );
    let info: QmkInfo | undefined;
    const infoPath = option(args, '--qmk-info');
    if (infoPath) {
      const read = readQmkInfo(await readFile(infoPath, 'utf8'));
      if (!read.ok) return fail(read.message);
      info = read.info;
    }
    const definitionPath = option(args, '--definition');
    const definitionText = definitionPath ? await readFile(definitionPath, 'utf8') : undefined;
    let board = definitionText ? await boardOf(definitionText, protocol, null) : undefined;
    if (board && !board.ok) return fail(board.message);
    // A ZMK .keymap (devicetree): written back as a .keymap, or read into a document for the QMK formats.
    const zmkSource = isZmkKeymapSource(text, input) ? readZmkKeymapSource(text, path.basename(input)) : null;
    if (zmkSource && !zmkSource.ok) return fail(zmkSource.message);
    if (zmkSource?.ok && to === 'zmk')
      return await output(
        {
          files: [{ name: path.basename(input), text: writeZmkKeymapSource(zmkSource.source) }],
          notes: [],
        },
        option(args, '--out'),
        io,
      );
    const read = zmkSource?.ok
      ? zmkKeymapDocument(zmkSource.source, { info, layoutName: option(args, '--layout') })
      : readKeymap({ text, fileName: path.basename(input), board: board?.board, info });
    if (!read.ok) return fail(read.message);
    let doc = read.doc;
    const notes: ConvertNote[] = [...read.notes];
    // A .vil records its layout options: the keys they show decide the LAYOUT macro.
    if (definitionText && doc.layoutOptions !== undefined && doc.layoutOptions !== null) {
      board = await boardOf(definitionText, protocol, doc.layoutOptions);
      if (!board.ok) return fail(board.message);
    }
    // Written for a board: in its numbering (a keymap.json's names onto a protocol-10 board), carried by name.
    const target = board?.board.protocol ?? protocol;
    if (
      target !== undefined &&
      generationFor(target) !== generationFor(doc.protocol) &&
      (to === 'via' || to === 'vil')
    ) {
      const renumbered = renumberDocument(
        doc,
        target,
        Math.max(target, doc.macroProtocol >= 11 ? 11 : target),
      );
      doc = renumbered.doc;
      notes.push(...renumbered.notes);
    }
    const written = writeKeymap(doc, to, {
      info,
      layoutName: option(args, '--layout'),
      used: board?.ok ? board.used : undefined,
      macros: macros as 'code' | 'via' | undefined,
      qmkKeyboard: option(args, '--qmk-keyboard'),
      unknown: unknown as UnknownChoice | undefined,
    });
    if (!written.ok) return fail(written.message);
    return await output(
      { files: written.files, notes: [...notes, ...written.notes] },
      option(args, '--out'),
      io,
    );
  } catch (error) {
    return fail(error instanceof Error ? error.message : String(error));
  }
};
