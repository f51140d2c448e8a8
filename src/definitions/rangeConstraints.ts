/**
 * Range constraints of v3 custom menus (via-protocol.md §6.3): a range value must satisfy
 * `value OP (reference + offset)`; on violation the slider is clamped, or the referenced value is pushed.
 */
import type { RangeConstraint } from './readConstraints.ts';

export { readConstraints, type RangeConstraint } from './readConstraints.ts';

const holds = (op: RangeConstraint['operator'], a: number, b: number) =>
  op === '<' ? a < b : op === '<=' ? a <= b : op === '>' ? a > b : a >= b;

/** The closest `v` with `v OP bound`. */
const nearest = (op: RangeConstraint['operator'], v: number, bound: number) =>
  holds(op, v, bound) ? v : op === '<' ? bound - 1 : op === '>' ? bound + 1 : bound;

export interface ConstrainedChange {
  value: number;
  /** Referenced values moved to make room ('push'). */
  pushes: { key: string; value: number }[];
}

/**
 * Applies constraints to a new range value. `valueOf` gives the current value of a key and `limitsOf` its own
 * [min, max]; a push never moves a value out of its range — the new value is clamped instead when it would.
 */
export function constrainRange(
  value: number,
  constraints: readonly RangeConstraint[],
  valueOf: (key: string) => number | undefined,
  limitsOf: (key: string) => readonly [number, number] | undefined,
): ConstrainedChange {
  let v = value;
  const pushes: { key: string; value: number }[] = [];
  for (const c of constraints) {
    const ref = valueOf(c.reference);
    if (ref === undefined || holds(c.operator, v, ref + c.offset)) continue;
    if (c.onViolation === 'clamp') {
      v = nearest(c.operator, v, ref + c.offset);
      continue;
    }
    // Push: move the reference so that v OP (ref' + offset) holds, within the reference's own range.
    const flipped = ({ '<': '>', '<=': '>=', '>': '<', '>=': '<=' } as const)[c.operator];
    const [min, max] = limitsOf(c.reference) ?? [-Infinity, Infinity];
    const moved = Math.min(Math.max(nearest(flipped, ref, v - c.offset), min), max);
    if (moved !== ref) pushes.push({ key: c.reference, value: moved });
    v = nearest(c.operator, v, moved + c.offset);
  }
  return { value: v, pushes };
}

/** A range whose constraints refer to other values, as the reverse direction needs it. */
export interface ConstrainedRange {
  key: string;
  constraints: readonly RangeConstraint[];
}

/**
 * The other direction: `key` moves to `value`, and ranges whose constraints refer to `key` must still hold.
 * A 'push' constraint moves the dependent value along (raising tap-hold to 500 pushes double-tap to ≥ 550);
 * where the dependent cannot move (its own bounds, or 'clamp'), `value` is held back instead.
 */
export function constrainDependents(
  key: string,
  value: number,
  dependents: readonly ConstrainedRange[],
  valueOf: (key: string) => number | undefined,
  limitsOf: (key: string) => readonly [number, number] | undefined,
): ConstrainedChange {
  let v = value;
  const pushes: { key: string; value: number }[] = [];
  for (const dependent of dependents) {
    for (const c of dependent.constraints) {
      if (c.reference !== key) continue;
      const current = valueOf(dependent.key);
      if (current === undefined || holds(c.operator, current, v + c.offset)) continue;
      const [min, max] = limitsOf(dependent.key) ?? [-Infinity, Infinity];
      const moved =
        c.onViolation === 'push'
          ? Math.min(Math.max(nearest(c.operator, current, v + c.offset), min), max)
          : current;
      if (moved !== current) pushes.push({ key: dependent.key, value: moved });
      // What the dependent could not absorb holds this value back: moved OP (v + offset) must hold.
      const flipped = ({ '<': '>', '<=': '>=', '>': '<', '>=': '<=' } as const)[c.operator];
      v = nearest(flipped, v + c.offset, moved) - c.offset;
    }
  }
  return { value: v, pushes };
}
