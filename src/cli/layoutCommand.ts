import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { CliCommand } from './cliCommand.ts';
import { readDefinitionFile } from '../definitions/definitionFile.ts';
import { loadCompiler } from '../definitions/loadCompiler.ts';
import type { LayoutFile, UnknownName } from '../formats/layoutFile.ts';
import { keycodeLabel, viaKeycodeText } from '../keycodes/index.ts';
import { ViaClient } from '../protocol/viaClient.ts';
import { ViaCommands } from '../protocol/viaCommands.ts';
import { loadKeyboard, type KeyboardState } from '../services/keyboardLoader.ts';
import { checkLayoutForKeyboard, layoutLeavingUnknown, matrixPosition } from '../services/layoutLoad.ts';
import { applyLayout, currentLayout } from '../services/layoutTransfer.ts';
import {
  checkBuildOptions,
  defaultBuildOptions,
  LAYER_LIMITS,
  layerLimit,
} from '../definitions/buildOptions.ts';
import { configFromDefinition, VirtualFirmware, VirtualHidDevice } from '../virtual-keyboard/index.ts';
import { loadCommonMenus } from '../definitions/menus.ts';
import { readDefinitionText } from './readDefinitionText.ts';

const USAGE = 'Usage: keyloom layout check FILE --definition DEF [--protocol N] [--out SAVED] [--json]';

/** Where an unknown name sits, in the terms the Load dialog uses. */
export type UnknownAt =
  | { name: string; layer: number; row: number; col: number; legend: string }
  | { name: string; layer: number; encoder: number; direction: 'clockwise' | 'counter-clockwise' }
  | { name: string; macro: number };

/** `--json`: one object describing the load. */
export interface LayoutCheckSummary {
  file: string;
  keyboard: string;
  protocol: number;
  /** Keys the file sets (its layers × the matrix). */
  keys: number;
  /** Keys whose number differs from the virtual keyboard's default keymap after the load. */
  keysChanged: number;
  /** Names that mean nothing on this protocol: left unchanged, with where they are. */
  unknown: UnknownAt[];
  /** Macros the file holds that were loaded (one with an unknown name is left as it was). */
  macros: number;
  /** Encoder directions the file sets on this keyboard's encoders. */
  encoders: number;
  /** HID reports sent to load the file (writes and the read-back). */
  reports: number;
}

export type LayoutCheckResult =
  | { ok: true; summary: LayoutCheckSummary; saved: LayoutFile; keyboard: KeyboardState }
  | { ok: false; message: string };

/** Layer and macro counts of the file, so the virtual keyboard can hold all of it (0 when unreadable). */
function fileShape(text: string): { layers: number; macros: string[] } {
  try {
    const json = JSON.parse(text) as { layers?: unknown; macros?: unknown };
    const layers = Array.isArray(json.layers) ? json.layers.length : 0;
    const macros = Array.isArray(json.macros) ? json.macros.filter((m) => typeof m === 'string') : [];
    return { layers, macros };
  } catch {
    return { layers: 0, macros: [] };
  }
}

function describeUnknown(keyboard: KeyboardState, u: UnknownName): UnknownAt {
  const { place, name } = u;
  if (place.kind === 'macro') return { name, macro: place.index };
  if (place.kind === 'encoder')
    return {
      name,
      layer: place.layer,
      encoder: place.encoder,
      direction: place.clockwise ? 'clockwise' : 'counter-clockwise',
    };
  const now = keyboard.keymap[place.layer]?.[place.index] ?? 0;
  return {
    name,
    layer: place.layer,
    ...matrixPosition(keyboard, place.index),
    legend: keycodeLabel(now, keyboard.protocol).label || viaKeycodeText(now, keyboard.protocol),
  };
}

/**
 * Loads a layout file into a virtual keyboard built from a definition, as 'Try a virtual keyboard' builds one
 * (protocol 12 for a v3 definition, 10 for v2, unless `protocol`; as many layers and macros as the file has),
 * through the same steps as Configure → Load: check, leave unknown names unchanged, write, read back. Returns
 * what Save would write afterwards.
 */
export async function checkLayoutOnVirtualKeyboard(input: {
  layoutText: string;
  fileName: string;
  /** The definition file's text, in source or served form (`readDefinitionFile`). */
  definitionText: string;
  protocol?: number;
}): Promise<LayoutCheckResult> {
  const read = readDefinitionFile(input.definitionText, await loadCompiler());
  if (!read.ok) return read;
  const { definition, version } = read.value;
  const shape = fileShape(input.layoutText);
  // A script's bytes are at most twice its characters plus the terminator: room for whatever the file holds.
  const needed = shape.macros.reduce((sum, m) => sum + 2 * Buffer.byteLength(m) + 1, 1);
  const defaults = defaultBuildOptions(version);
  // The board the file's owner has: as many layers and macros as the file holds (the dialog's build options).
  const options = checkBuildOptions(
    {
      ...defaults,
      ...(input.protocol === undefined ? {} : { protocol: input.protocol }),
      layers: Math.min(Math.max(shape.layers, LAYER_LIMITS[0]), layerLimit(definition.matrix)),
      ...(shape.macros.length > 0 ? { macroCount: shape.macros.length } : {}),
      macroBufferSize: Math.max(defaults.macroBufferSize, needed),
    },
    version,
    definition.matrix,
  );
  if (!options.ok) return options;
  const { protocol } = options.value;
  if ('menus' in definition) await loadCommonMenus(definition.menus);
  const config = configFromDefinition(definition, options.value);
  const firmware = new VirtualFirmware(config);
  let reports = 0;
  const client = new ViaClient(new VirtualHidDevice(firmware, 'cli', (fn) => queueMicrotask(fn)), {
    onLog: (e) => void (e.direction === 'out' && reports++),
  });
  const commands = new ViaCommands(client, protocol);
  const keyboard = await loadKeyboard(commands, definition, version, { warn: () => {} });

  const checked = checkLayoutForKeyboard(keyboard, input.layoutText, input.fileName);
  if (!checked.ok) return checked;
  const layout = layoutLeavingUnknown(keyboard, checked.value);
  if (!layout.ok) return layout;
  reports = 0;
  const patch = await applyLayout(commands, keyboard, layout.value);
  const after: KeyboardState = { ...keyboard, ...patch };
  const before = keyboard.keymap.flat();
  const fileKeys = layout.value.layers.flat().length;
  return {
    ok: true,
    keyboard: after,
    saved: currentLayout(after),
    summary: {
      file: input.fileName,
      keyboard: config.name,
      protocol,
      keys: fileKeys,
      keysChanged: after.keymap.flat().filter((c, i) => i < fileKeys && c !== before[i]).length,
      unknown: checked.value.unknown.map((u) => describeUnknown(keyboard, u)),
      macros: checked.value.macros?.filter((m) => m !== null).length ?? 0,
      encoders: (checked.value.encoders?.flat().length ?? 0) * 2,
      reports,
    },
  };
}

function option(args: string[], name: string): string | undefined {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : args.find((a) => a.startsWith(`${name}=`))?.split('=')[1];
}

/** `keyloom layout check FILE --definition DEF [--protocol N] [--out SAVED] [--json]`. */
export const run: CliCommand = async (args, io) => {
  const [sub, file] = args.filter(
    (a, i) => !a.startsWith('--') && !(i > 0 && /^--(definition|protocol|out)$/.test(args[i - 1]!)),
  );
  const definitionPath = option(args, '--definition');
  const protocolText = option(args, '--protocol');
  const protocol = protocolText === undefined ? undefined : Number(protocolText);
  if (
    sub !== 'check' ||
    !file ||
    !definitionPath ||
    (protocol !== undefined && !(protocol >= 1 && protocol <= 255))
  ) {
    io.stderr.write(USAGE + '\n');
    return 2;
  }
  let result: LayoutCheckResult;
  try {
    const [layoutText, definitionText] = await Promise.all([
      readFile(file, 'utf8'),
      readDefinitionText(definitionPath),
    ]);
    result = await checkLayoutOnVirtualKeyboard({
      layoutText,
      fileName: path.basename(file),
      definitionText,
      ...(protocol === undefined ? {} : { protocol }),
    });
  } catch (error) {
    result = { ok: false, message: error instanceof Error ? error.message : String(error) };
  }
  if (!result.ok) {
    io.stderr.write(result.message + '\n');
    return 1;
  }
  const out = option(args, '--out');
  if (out) await writeFile(out, JSON.stringify(result.saved, null, 2));
  const { summary } = result;
  if (args.includes('--json')) io.stdout.write(JSON.stringify(summary) + '\n');
  else {
    io.stdout.write(
      `${summary.file}: loaded into ${summary.keyboard} (protocol ${summary.protocol}): ${summary.keys} keys, ` +
        `${summary.keysChanged} changed, ${summary.macros} macros, ${summary.encoders} encoder directions, ` +
        `${summary.reports} reports\n`,
    );
    for (const u of summary.unknown) {
      const where =
        'macro' in u
          ? `macro ${u.macro}`
          : 'encoder' in u
            ? `layer ${u.layer}, encoder ${u.encoder} ${u.direction}`
            : `layer ${u.layer}, key ${u.legend} (row ${u.row}, column ${u.col})`;
      io.stdout.write(`  unknown name ${u.name} at ${where}: left unchanged\n`);
    }
  }
  return 0;
};
