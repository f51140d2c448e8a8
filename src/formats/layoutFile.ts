import { z } from './zod.ts';
import { parseKeycode, viaKeycodeText } from '../keycodes/index.ts';
import { encodeMacros, macroKeycodeNames, scriptToMacro } from '../macros/macroCodec.ts';
import { macroSetSize, macroSizeMessage } from '../macros/macroBytes.ts';
import { LAYOUT_REFUSAL_TEXT, layoutRefusals, refuse } from './layoutRefusal.ts';
import { byteCount } from '../lib/messageTemplate.ts';
import { reasonOf, type Refused } from '../lib/refusal.ts';
import type { MacroFormat, MacroFormatLike } from '../macros/macroFormat.ts';
import { jsonTextProblem } from '../definitions/definitionText.ts';

/**
 * How large a layout file is read (issue 33: a 3 MB file took most of a second to refuse, 16 long macros half a
 * minute). The largest keymap VIA addresses is 64 KiB (32,768 keycodes, about 400 kB of names); real files are
 * 10–15 kB. Layout files nest 6 deep at most (the Vial section).
 */
export const LAYOUT_FILE_LIMITS = { bytes: 1_000_000, depth: 32 } as const;
/** Layer names a file may carry: a byte's worth of layers, names far longer than the 32 characters kept. */
const LAYER_NAMES_LIMITS = { count: 255, length: 256 } as const;

/**
 * The `.layout.json` save file, compatible with the VIA app's (via-protocol.md §6.6): keycodes as strings,
 * `encoders[encoder][layer] = [counter-clockwise, clockwise]`. Keycodes are written as VIA writes them
 * (docs/via-compatibility.md); unlike VIA, unnamed keycodes are written as hex and read back as the same
 * number, never as KC_NO.
 */
export const LayoutFileSchema = z.object({
  name: z.string().min(1),
  vendorProductId: z.number().int().positive(),
  macros: z.array(z.string()).optional(),
  layers: z.array(z.array(z.string())).min(1),
  encoders: z.array(z.array(z.tuple([z.string(), z.string()]))).optional(),
  actuation: z.unknown().optional(),
  /** Vial boards' tap dance, combos, key overrides and QMK settings (src/vial/vialSection.ts); checked there. */
  vial: z.unknown().optional(),
  /** Layout options and lighting/menu values (formats/layoutSettings.ts: the backup before a flash); checked there. */
  settings: z.unknown().optional(),
  /** Keyloom's layer names by layer ('' unnamed); VIA ignores the field. */
  layerNames: z.array(z.string().max(LAYER_NAMES_LIMITS.length)).max(LAYER_NAMES_LIMITS.count).optional(),
});

/** The file with the user's layer names, when any layer has one (trailing unnamed layers left out). */
export function withLayerNames(file: LayoutFile, names: readonly string[]): LayoutFile {
  const kept = names.map((n) => n.slice(0, LAYER_NAMES_LIMITS.length)).slice(0, LAYER_NAMES_LIMITS.count);
  while (kept.length > 0 && kept.at(-1) === '') kept.pop();
  return kept.length > 0 ? { ...file, layerNames: kept } : file;
}

export type LayoutFile = z.infer<typeof LayoutFileSchema>;

/** The English texts of the refusals (tests, the CLI); the page words `result.refusal` (layoutRefusal.ts). */
export const LOAD_ERRORS = {
  invalid: LAYOUT_REFUSAL_TEXT.invalid,
  otherKeyboard: (fileName: string, madeFor: string) =>
    layoutRefusals.textOf('otherKeyboard', { file: fileName, keyboard: madeFor }),
  keyCount: LAYOUT_REFUSAL_TEXT.keyCount,
  macroCount: LAYOUT_REFUSAL_TEXT.macroCount,
  tooManyLayers: (fileLayers: number, keyboardLayers: number) =>
    layoutRefusals.textOf('tooManyLayers', { fileLayers, keyboardLayers }),
  macro: (index: number, message: string) =>
    layoutRefusals.textOf('macro', { macro: index + 1, reason: message }),
  macroSize: macroSizeMessage,
} as const;

/** The keyboard a file is checked against. */
export interface LayoutTarget {
  vendorProductId: number;
  /** The keycode numbering the file's names are read in. */
  protocol: number;
  /**
   * The macro format the keyboard reads, when it is not `protocol`'s own (a Vial keyboard's follows its Vial
   * protocol, whatever VIA protocol it reports: macros/macroFormat.ts).
   */
  macroFormat?: MacroFormat;
  /** Bytes the macros may take (the buffer less its flag byte): a bigger macro is refused before it is built. */
  macroCapacity?: number;
  layerCount: number;
  keysPerLayer: number;
  macroCount: number;
  macrosSupported: boolean;
  encoderCount: number;
}

/** Where a name that means nothing on the keyboard's protocol sits in the file. */
export type UnknownPlace =
  | { kind: 'key'; layer: number; index: number }
  | { kind: 'encoder'; layer: number; encoder: number; clockwise: boolean }
  | { kind: 'macro'; index: number };

export interface UnknownName {
  name: string;
  place: UnknownPlace;
}

/** A checked file: every name turned into a number, null where the name is unknown (listed in `unknown`). */
export interface CheckedLayout {
  file: LayoutFile;
  layers: (number | null)[][];
  /** [layer][encoder] = [clockwise, counter-clockwise]. */
  encoders: [number | null, number | null][][] | null;
  /** Macro scripts, each known to encode; null for a macro holding an unknown name. */
  macros: (string | null)[] | null;
  unknown: UnknownName[];
}

/** A layout ready to write, every keycode a number. */
export interface ParsedLayout {
  file: LayoutFile;
  layers: number[][];
  /** [layer][encoder] = [clockwise, counter-clockwise], as the device store keeps them. */
  encoders: [number, number][][] | null;
  macros: string[] | null;
}

export type LoadResult<T> = { ok: true; value: T } | Refused;

/**
 * Parses and checks a layout file against a keyboard, in the spec's order (after its size, checked before it is
 * parsed: LAYOUT_FILE_LIMITS): valid data, same keyboard, key
 * counts, macro count; then what VIA misses (too many layers, macros that cannot be written). Every name is
 * read as VIA's table for the protocol gives it (QMK's newer names too). Names that mean nothing here do not
 * fail the check: they are listed with their place, for the user to choose (`leaveUnknownKeys`). Macros are
 * checked here too, so a load never fails half-way. Nothing is written here.
 */
export function checkLayoutFile(
  text: string,
  fileName: string,
  target: LayoutTarget,
): LoadResult<CheckedLayout> {
  const size = jsonTextProblem(text, LAYOUT_FILE_LIMITS.bytes, LAYOUT_FILE_LIMITS.depth);
  if (size)
    return size.subject === 'depth'
      ? refuse('tooDeep', { depth: LAYOUT_FILE_LIMITS.depth })
      : refuse('tooLarge', { size: byteCount(size.count), max: byteCount(LAYOUT_FILE_LIMITS.bytes) });
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return refuse('invalid');
  }
  const parsed = LayoutFileSchema.safeParse(json);
  if (!parsed.success) return refuse('invalid');
  const file = parsed.data;
  if (file.vendorProductId !== target.vendorProductId)
    return refuse('otherKeyboard', { file: fileName, keyboard: file.name });
  if (file.layers.some((layer) => layer.length !== target.keysPerLayer)) return refuse('keyCount');
  if (target.macrosSupported && file.macros && file.macros.length !== target.macroCount)
    return refuse('macroCount');
  if (file.layers.length > target.layerCount)
    return refuse('tooManyLayers', { fileLayers: file.layers.length, keyboardLayers: target.layerCount });
  const unknown: UnknownName[] = [];
  const code = (name: string, place: UnknownPlace) => {
    const value = parseKeycode(name, target.protocol);
    if (value === null) unknown.push({ name, place });
    return value;
  };
  const layers = file.layers.map((layer, l) =>
    layer.map((name, index) => code(name, { kind: 'key', layer: l, index })),
  );
  let encoders: CheckedLayout['encoders'] = null;
  if (file.encoders && file.encoders.length > 0 && target.encoderCount > 0) {
    // Encoders the keyboard does not have are ignored rather than written to random slots.
    encoders = Array.from({ length: Math.min(file.layers.length, target.layerCount) }, (_, layer) =>
      file.encoders!.slice(0, target.encoderCount).map((perLayer, encoder) => {
        const [ccw, cw] = perLayer[layer] ?? ['KC_NO', 'KC_NO'];
        return [
          code(cw, { kind: 'encoder', layer, encoder, clockwise: true }),
          code(ccw, { kind: 'encoder', layer, encoder, clockwise: false }),
        ] as [number | null, number | null];
      }),
    );
  }
  let macros: (string | null)[] | null = null;
  if (target.macrosSupported && file.macros) {
    macros = [];
    for (const [index, script] of file.macros.entries()) {
      // Each name looked up once: a megabyte of one key is 160,000 names (issue 33: seconds to refuse).
      const names = [...new Set(macroKeycodeNames(script))].filter(
        (n) => parseKeycode(n, target.protocol) === null,
      );
      if (names.length > 0) {
        for (const name of names) unknown.push({ name, place: { kind: 'macro', index } });
        macros.push(null);
        continue;
      }
      try {
        // Read as what a keyboard holds, not as typed text: every macro Save wrote loads back byte for byte.
        scriptToMacro(script, target.macroFormat ?? target.protocol, { capacity: target.macroCapacity });
      } catch (e) {
        return refuse('macro', { macro: index + 1, reason: reasonOf(e) });
      }
      macros.push(script);
    }
  }
  return { ok: true, value: { file, layers, encoders, macros, unknown } };
}

/** What the keyboard holds now: the keys, encoders and macros a load leaves unchanged come from here. */
export interface KeyboardLayoutNow {
  /** The macro format the keyboard reads (a VIA protocol number stands for its own format). */
  macroFormat: MacroFormatLike;
  keymap: readonly (readonly number[])[];
  /** [layer][encoder] = [clockwise, counter-clockwise]. */
  encoders: readonly (readonly (readonly [number, number])[])[];
  /** Macro scripts as the keyboard has them. */
  macros: readonly string[];
  /** Macro buffer size in bytes (0 when macros are unsupported). */
  macroBufferSize: number;
}

/**
 * The user chose "Load the rest and leave these keys unchanged": every unknown key, encoder direction and macro
 * takes the keyboard's current value, so writing it changes nothing there. Refuses (with the spec's message)
 * when the macros would not fit the keyboard's buffer. Pure: the CLI and Configure → Load share it.
 */
export function leaveUnknownKeys(checked: CheckedLayout, now: KeyboardLayoutNow): LoadResult<ParsedLayout> {
  const layers = checked.layers.map((layer, l) => layer.map((c, i) => c ?? now.keymap[l]?.[i] ?? 0));
  const encoders =
    checked.encoders?.map((row, l) =>
      row.map(([cw, ccw], e) => {
        const [nowCw, nowCcw] = now.encoders[l]?.[e] ?? [0, 0];
        return [cw ?? nowCw, ccw ?? nowCcw] as [number, number];
      }),
    ) ?? null;
  const macros = checked.macros?.map((m, i) => m ?? now.macros[i] ?? '') ?? null;
  if (macros) {
    // The last byte of the buffer stays the "write in progress" flag (as the Macros pane's own check).
    const capacity = now.macroBufferSize - 1;
    try {
      const steps = macros.map((m) => scriptToMacro(m, now.macroFormat));
      // Sized here (as encodeMacros does) so the refusal carries the numbers for the page to word; a set that
      // reaches the buffer's last byte, as VIA writes them, fits (macroSetSize).
      const { full, least } = macroSetSize(steps, now.macroFormat);
      if (least > capacity) return refuse('macrosTooBig', { size: full, max: capacity });
      encodeMacros(steps, now.macroFormat, capacity);
    } catch (e) {
      return refuse('macros', { reason: reasonOf(e) });
    }
  }
  return { ok: true, value: { file: checked.file, layers, encoders, macros } };
}

/** Builds the save file for a keyboard's current state. */
export function buildLayoutFile(input: {
  name: string;
  vendorProductId: number;
  protocol: number;
  keymap: readonly (readonly number[])[];
  encoders: readonly (readonly (readonly [number, number])[])[];
  macros: readonly string[];
}): LayoutFile {
  // VIA's names and expressions, so the file loads in the VIA app with every key's number (hex where VIA has none).
  const name = (c: number) => viaKeycodeText(c, input.protocol);
  const encoderCount = input.encoders[0]?.length ?? 0;
  return {
    name: input.name,
    vendorProductId: input.vendorProductId,
    macros: [...input.macros],
    layers: input.keymap.map((layer) => layer.map(name)),
    encoders: Array.from({ length: encoderCount }, (_, e) =>
      input.encoders.map((layer) => [name(layer[e]![1]), name(layer[e]![0])] as [string, string]),
    ),
  };
}

/** `Keyloom Aurora 75` → `keyloom_aurora_75.layout.json`. */
export function layoutFileName(keyboardName: string): string {
  return `${keyboardName.replace(/[^a-z0-9]/gi, '_').toLowerCase()}.layout.json`;
}
