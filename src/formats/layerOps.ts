import { fewestChunks, type ChunkWrite } from './keymapDiff.ts';

/** A keyboard's editable per-layer state: the keymap (layer-major) and each layer's encoder [cw, ccw] pairs. */
export interface LayerState {
  keymap: readonly (readonly number[])[];
  encoders: readonly (readonly (readonly [number, number])[])[];
}

/** One encoder write: layer, encoder index, direction and the keycode. */
export interface EncoderWrite {
  layer: number;
  encoder: number;
  clockwise: boolean;
  code: number;
}

/** What a layer operation writes: keymap-buffer chunks and encoder entries. */
export interface LayerPlan {
  chunks: ChunkWrite[];
  encoders: EncoderWrite[];
}

export type LayerOperation =
  | { kind: 'copy'; from: number; to: number }
  | { kind: 'swap'; a: number; b: number }
  | { kind: 'clear'; layer: number; code: number };

/** The encoder entries that differ between two states (same shape), clockwise before counter-clockwise. */
export function encoderWrites(current: LayerState['encoders'], next: LayerState['encoders']): EncoderWrite[] {
  const writes: EncoderWrite[] = [];
  next.forEach((row, layer) =>
    row.forEach(([cw, ccw], encoder) => {
      const [oldCw, oldCcw] = current[layer]?.[encoder] ?? [-1, -1];
      if (cw !== oldCw) writes.push({ layer, encoder, clockwise: true, code: cw });
      if (ccw !== oldCcw) writes.push({ layer, encoder, clockwise: false, code: ccw });
    }),
  );
  return writes;
}

/**
 * The state after a layer operation: copy puts layer `from`'s keys and encoders onto `to`; swap exchanges two
 * layers; clear sets every key and encoder entry of a layer to `code` (KC_TRNS or KC_NO). Throws a RangeError
 * on a layer index outside the keymap.
 */
export function applyLayerOperation(state: LayerState, op: LayerOperation): LayerState {
  const count = state.keymap.length;
  const check = (...layers: number[]) => {
    for (const l of layers)
      if (!Number.isInteger(l) || l < 0 || l >= count) throw new RangeError(`No layer ${l}`);
  };
  const source = (layer: number): number => {
    if (op.kind === 'copy') return layer === op.to ? op.from : layer;
    if (op.kind === 'swap') return layer === op.a ? op.b : layer === op.b ? op.a : layer;
    return layer;
  };
  if (op.kind === 'copy') check(op.from, op.to);
  else if (op.kind === 'swap') check(op.a, op.b);
  else check(op.layer);
  const clearCode = op.kind === 'clear' ? op.code : null;
  const cleared = (layer: number) => op.kind === 'clear' && layer === op.layer;
  return {
    keymap: state.keymap.map((codes, layer) =>
      cleared(layer) ? codes.map(() => clearCode!) : [...state.keymap[source(layer)]!],
    ),
    encoders: state.encoders.map((row, layer) =>
      cleared(layer)
        ? row.map(() => [clearCode!, clearCode!] as const)
        : (state.encoders[source(layer)] ?? row).map(([cw, ccw]) => [cw, ccw] as const),
    ),
  };
}

/** The writes that take the keyboard from `current` to `next`: fewest keymap chunks, then differing encoders. */
export function planLayerWrites(current: LayerState, next: LayerState): LayerPlan {
  return {
    chunks: fewestChunks(current.keymap, next.keymap),
    encoders: encoderWrites(current.encoders, next.encoders),
  };
}

/**
 * How many of a layer's keys and encoder directions do something (neither KC_NO nor KC_TRNS): what a copy onto
 * it or a clear of it would lose, so the layer tools ask first when it is more than 0.
 */
export function assignedCount(state: LayerState, layer: number): number {
  const doesSomething = (code: number) => code > 0x0001;
  return (
    (state.keymap[layer] ?? []).filter(doesSomething).length +
    (state.encoders[layer] ?? []).flat().filter(doesSomething).length
  );
}
