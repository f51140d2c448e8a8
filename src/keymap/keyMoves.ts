import { CHUNK } from '../formats/keymapDiff.ts';
import type { Keymap } from './transparency.ts';

/** A key on a layer: its position (QMK: matrix index row × cols + col). */
export interface KeyPlace {
  layer: number;
  index: number;
}

/**
 * Rearranging assignments: swap two keys, move one key's assignment onto another (the key it leaves gets
 * `vacated`: QMK's KC_TRNS above the base layer, KC_NO on it), or copy one onto another. The keys may be on
 * different layers.
 */
export type KeyMove<B> =
  | { kind: 'swap'; a: KeyPlace; b: KeyPlace }
  | { kind: 'move'; from: KeyPlace; to: KeyPlace; vacated: B }
  | { kind: 'copy'; from: KeyPlace; to: KeyPlace };

/** The keymap after a move; throws a RangeError for a place outside the keymap. */
export function applyKeyMove<B>(keymap: Keymap<B>, move: KeyMove<B>): B[][] {
  const read = ({ layer, index }: KeyPlace): B => {
    const binding = keymap[layer]?.[index];
    if (binding === undefined || !Number.isInteger(index) || index < 0)
      throw new RangeError(`No key ${index} on layer ${layer}`);
    return binding;
  };
  const next = keymap.map((bindings) => [...bindings]);
  const put = ({ layer, index }: KeyPlace, binding: B) => (next[layer]![index] = binding);
  if (move.kind === 'swap') {
    const [a, b] = [read(move.a), read(move.b)];
    put(move.a, b);
    put(move.b, a);
  } else {
    const binding = read(move.from);
    read(move.to);
    if (move.kind === 'move') put(move.from, move.vacated);
    put(move.to, binding);
  }
  return next;
}

/** One report that writes keys: a single key, or up to 28 bytes of the keymap buffer from a byte offset. */
export type KeyWrite =
  | { kind: 'key'; layer: number; index: number; code: number }
  | { kind: 'chunk'; offset: number; bytes: number[] };

const KEYS_PER_CHUNK = CHUNK / 2;

/**
 * The fewest reports that turn the keyboard's `current` keymap into `next` (same shape, layer-major keycodes).
 * A buffer write covers up to 14 consecutive keycodes, so the fewest writes is a greedy cover: each starts at the
 * first changed keycode not yet written and ends at the last one it reaches. A write that would change only one
 * key is sent as a single-key write instead, which costs the same one report.
 *
 * `singleOnly` marks keycodes no buffer write may carry, changed or not (a locked Vial keyboard stores QK_BOOT in
 * a buffer write as 0xFFFF): they are written alone and buffer writes stop short of them, which keeps the cover
 * the fewest among plans that never carry them.
 */
export function planKeyWrites(
  current: Keymap<number>,
  next: Keymap<number>,
  singleOnly: (code: number) => boolean = () => false,
): KeyWrite[] {
  const width = next[0]?.length ?? 0;
  const before = current.flat();
  const after = next.flat();
  const writes: KeyWrite[] = [];
  const single = (at: number) =>
    writes.push({ kind: 'key', layer: Math.floor(at / width), index: at % width, code: after[at]! });
  for (let at = 0; at < after.length;) {
    if (after[at] === before[at]) {
      at++;
      continue;
    }
    if (singleOnly(after[at]!)) {
      single(at++);
      continue;
    }
    let end = at + 1;
    while (end < Math.min(at + KEYS_PER_CHUNK, after.length) && !singleOnly(after[end]!)) end++;
    // The write ends at the last key it changes: the same report, no key after it rewritten.
    let last = at;
    for (let i = at; i < end; i++) if (after[i] !== before[i]) last = i;
    if (last === at) single(at);
    else {
      const bytes = after.slice(at, last + 1).flatMap((code) => [(code >> 8) & 0xff, code & 0xff]);
      writes.push({ kind: 'chunk', offset: at * 2, bytes });
    }
    at = end;
  }
  return writes;
}

/** The keymap a plan's writes leave when applied to `current`, for checks and for a plan cut short. */
export function applyKeyWrites(current: Keymap<number>, writes: readonly KeyWrite[]): number[][] {
  const width = current[0]?.length ?? 0;
  const flat = current.flat();
  for (const write of writes) {
    if (write.kind === 'key') flat[write.layer * width + write.index] = write.code;
    else
      for (let i = 0; i + 1 < write.bytes.length; i += 2)
        flat[write.offset / 2 + i / 2] = (write.bytes[i]! << 8) | write.bytes[i + 1]!;
  }
  return Array.from({ length: current.length }, (_, layer) => flat.slice(layer * width, (layer + 1) * width));
}
