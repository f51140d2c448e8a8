import { encodeMacros, scriptToMacro } from '../macros/macroCodec.ts';
import type { MacroFormat } from '../macros/macroFormat.ts';
import type { ParsedLayout } from './layoutFile.ts';

/** One key a loaded file would change: layer, matrix position and the codes before and after. */
export interface KeyChange {
  layer: number;
  row: number;
  col: number;
  from: number;
  to: number;
}

export interface MacroChange {
  index: number;
  from: string;
  to: string;
}

export interface EncoderChange {
  layer: number;
  encoder: number;
  clockwise: boolean;
  from: number;
  to: number;
}

/** What loading a checked file would change on the keyboard, before anything is written. */
export interface LayoutChanges {
  keys: KeyChange[];
  /** Changed keys per layer (one entry per layer of the keyboard). */
  keysPerLayer: number[];
  macros: MacroChange[];
  encoders: EncoderChange[];
}

export interface CurrentLayout {
  keymap: readonly (readonly number[])[];
  /** Matrix columns: a keymap index is row × cols + col. */
  cols: number;
  encoders: readonly (readonly (readonly [number, number])[])[];
  /** Macro scripts now on the keyboard; null when the keyboard has no macros. */
  macros: readonly string[] | null;
  protocol: number;
  /** The keyboard's macro format, when it is not `protocol`'s own (a Vial keyboard's: macros/macroFormat.ts). */
  macroFormat?: MacroFormat;
}

/**
 * The bytes a macro script stores, so spacing or names that encode the same bytes compare equal and scripts
 * that store different bytes never do (the bytes are what the load writes); the script itself if it does not
 * encode.
 */
function stored(script: string, format: MacroFormat | number): string {
  try {
    return encodeMacros([scriptToMacro(script, format)], format).join(' ');
  } catch {
    return script;
  }
}

/**
 * The keys, macros and encoder entries a checked layout file changes, in the order the load writes them
 * (the same rules as `applyLayout`: layers the file lacks stay, encoders and macros only where both sides have
 * them). Pure; the load preview shows it and nothing is written until the user applies.
 */
export function layoutChanges(current: CurrentLayout, file: ParsedLayout): LayoutChanges {
  const keys: KeyChange[] = [];
  const keysPerLayer = current.keymap.map((codes, layer) => {
    const next = file.layers[layer];
    if (!next) return 0;
    let count = 0;
    codes.forEach((from, index) => {
      const to = next[index];
      if (to === undefined || to === from) return;
      keys.push({ layer, row: Math.floor(index / current.cols), col: index % current.cols, from, to });
      count++;
    });
    return count;
  });
  const macros: MacroChange[] = [];
  if (current.macros && file.macros) {
    current.macros.forEach((from, index) => {
      const to = file.macros?.[index];
      if (to === undefined) return;
      const format = current.macroFormat ?? current.protocol;
      if (stored(from, format) !== stored(to, format)) macros.push({ index, from, to });
    });
  }
  const encoders: EncoderChange[] = [];
  current.encoders.forEach((row, layer) =>
    row.forEach(([cw, ccw], encoder) => {
      const next = file.encoders?.[layer]?.[encoder];
      if (!next) return;
      if (next[0] !== cw) encoders.push({ layer, encoder, clockwise: true, from: cw, to: next[0] });
      if (next[1] !== ccw) encoders.push({ layer, encoder, clockwise: false, from: ccw, to: next[1] });
    }),
  );
  return { keys, keysPerLayer, macros, encoders };
}

/** Whether loading would change anything at all. */
export function hasChanges(changes: LayoutChanges): boolean {
  return changes.keys.length + changes.macros.length + changes.encoders.length > 0;
}
