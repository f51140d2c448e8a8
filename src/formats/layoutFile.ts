import { z } from './zod.ts';
import { formatKeycode, parseKeycode } from '../keycodes/index.ts';

/**
 * The `.layout.json` save file, compatible with the VIA app's (via-protocol.md §6.6): keycodes as strings,
 * `encoders[encoder][layer] = [counter-clockwise, clockwise]`. Unlike VIA, unnamed keycodes are written as hex
 * and read back as the same number, never as KC_NO.
 */
export const LayoutFileSchema = z.object({
  name: z.string().min(1),
  vendorProductId: z.number().int().positive(),
  macros: z.array(z.string()).optional(),
  layers: z.array(z.array(z.string())).min(1),
  encoders: z.array(z.array(z.tuple([z.string(), z.string()]))).optional(),
  actuation: z.unknown().optional(),
});

export type LayoutFile = z.infer<typeof LayoutFileSchema>;

export const LOAD_ERRORS = {
  invalid: 'Could not load file: invalid data.',
  otherKeyboard: (fileName: string) =>
    `Could not import layout. This file was created for a different keyboard: ${fileName}`,
  keyCount: 'Could not import layout: incorrect number of keys in one or more layers.',
  macroCount: 'Could not import layout: incorrect number of macros.',
  tooManyLayers: (fileLayers: number, keyboardLayers: number) =>
    `Could not import layout: the file has ${fileLayers} layers but this keyboard has ${keyboardLayers}.`,
  unknownKeycodes: (names: string[]) =>
    `Could not import layout: unknown keycodes ${names.slice(0, 5).join(', ')}${names.length > 5 ? '…' : ''}.`,
} as const;

/** The keyboard a file is checked against. */
export interface LayoutTarget {
  vendorProductId: number;
  protocol: number;
  layerCount: number;
  keysPerLayer: number;
  macroCount: number;
  macrosSupported: boolean;
  encoderCount: number;
}

/** A checked file, with every keycode already turned into numbers. */
export interface ParsedLayout {
  file: LayoutFile;
  layers: number[][];
  /** [layer][encoder] = [clockwise, counter-clockwise], as the device store keeps them. */
  encoders: [number, number][][] | null;
  macros: string[] | null;
}

export type LoadResult = { ok: true; value: ParsedLayout } | { ok: false; message: string };

/**
 * Parses and checks a layout file against a keyboard, in the spec's order: valid data, same keyboard, key
 * counts, macro count; then what VIA misses (too many layers, unknown keycodes). Nothing is written here.
 */
export function checkLayoutFile(text: string, fileName: string, target: LayoutTarget): LoadResult {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { ok: false, message: LOAD_ERRORS.invalid };
  }
  const parsed = LayoutFileSchema.safeParse(json);
  if (!parsed.success) return { ok: false, message: LOAD_ERRORS.invalid };
  const file = parsed.data;
  if (file.vendorProductId !== target.vendorProductId)
    return { ok: false, message: LOAD_ERRORS.otherKeyboard(fileName) };
  if (file.layers.some((layer) => layer.length !== target.keysPerLayer))
    return { ok: false, message: LOAD_ERRORS.keyCount };
  if (target.macrosSupported && file.macros && file.macros.length !== target.macroCount)
    return { ok: false, message: LOAD_ERRORS.macroCount };
  if (file.layers.length > target.layerCount)
    return { ok: false, message: LOAD_ERRORS.tooManyLayers(file.layers.length, target.layerCount) };
  const unknown = new Set<string>();
  const code = (name: string) => {
    const value = parseKeycode(name, target.protocol);
    if (value === null) unknown.add(name);
    return value ?? 0;
  };
  const layers = file.layers.map((layer) => layer.map(code));
  let encoders: [number, number][][] | null = null;
  if (file.encoders && file.encoders.length > 0 && target.encoderCount > 0) {
    // Encoders the keyboard does not have are ignored rather than written to random slots.
    encoders = Array.from({ length: Math.min(file.layers.length, target.layerCount) }, (_, layer) =>
      file.encoders!.slice(0, target.encoderCount).map((perLayer) => {
        const [ccw, cw] = perLayer[layer] ?? ['KC_NO', 'KC_NO'];
        return [code(cw), code(ccw)] as [number, number];
      }),
    );
  }
  if (unknown.size > 0) return { ok: false, message: LOAD_ERRORS.unknownKeycodes([...unknown]) };
  return {
    ok: true,
    value: { file, layers, encoders, macros: target.macrosSupported ? (file.macros ?? null) : null },
  };
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
  const name = (c: number) => formatKeycode(c, input.protocol);
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
