/**
 * Small value checks for what the first screen reads (stored settings, the vendor config's feature entries).
 * Schema libraries cost the first load ≈ 15–25 kB gz (zod's core) for a dozen fields, so these few readers
 * use plain checks instead (docs/performance.md); file formats loaded later keep zod.
 *
 * A `Check<T>` returns the value (possibly normalised) when it fits, or `INVALID`.
 */
export const INVALID: unique symbol = Symbol('invalid');
export type Check<T> = (value: unknown) => T | typeof INVALID;

export const boolean: Check<boolean> = (v) => (typeof v === 'boolean' ? v : INVALID);

export const oneOf =
  <const T extends string>(values: readonly T[]): Check<T> =>
  (v) =>
    values.includes(v as T) ? (v as T) : INVALID;

/** A whole number from `min` to `max` (inclusive). */
export const int =
  (min: number, max = Number.MAX_SAFE_INTEGER): Check<number> =>
  (v) =>
    Number.isInteger(v) && (v as number) >= min && (v as number) <= max ? (v as number) : INVALID;

/** A string of `min` to `max` characters, matching `pattern` when given. */
export const text =
  (min = 0, max = Number.MAX_SAFE_INTEGER, pattern?: RegExp): Check<string> =>
  (v) =>
    typeof v === 'string' && v.length >= min && v.length <= max && (!pattern || pattern.test(v))
      ? v
      : INVALID;

/** A list whose every item passes `item`, with at least `min` items. */
export const list =
  <T>(item: Check<T>, min = 0): Check<T[]> =>
  (v) => {
    if (!Array.isArray(v) || v.length < min) return INVALID;
    const out: T[] = [];
    for (const x of v) {
      const checked = item(x);
      if (checked === INVALID) return INVALID;
      out.push(checked);
    }
    return out;
  };

/** Absent (undefined) is allowed: it gives `fallback` when one is given, else stays absent. */
export function optional<T>(check: Check<T>): Check<T | undefined>;
export function optional<T>(check: Check<T>, fallback: T): Check<T>;
export function optional<T>(check: Check<T>, fallback?: T): Check<T | undefined> {
  return (v) => (v === undefined ? fallback : check(v));
}

/** A value that does not fit gives `fallback` instead of failing (one bad field keeps its default). */
export const orElse =
  <T>(check: Check<T>, fallback: T): Check<T> =>
  (v) => {
    const checked = check(v);
    return checked === INVALID ? fallback : checked;
  };

export const anyOf =
  <A, B>(a: Check<A>, b: Check<B>): Check<A | B> =>
  (v) => {
    const first = a(v);
    return first !== INVALID ? first : b(v);
  };

/** A value that passes `check`, turned into another by `fn`. */
export const map =
  <T, U>(check: Check<T>, fn: (value: T) => U): Check<U> =>
  (v) => {
    const checked = check(v);
    return checked === INVALID ? INVALID : fn(checked);
  };

type Shape = Record<string, Check<unknown>>;
type Checked<S extends Shape> = { [K in keyof S]: Exclude<ReturnType<S[K]>, typeof INVALID> };

/** A plain object whose fields pass their checks; unknown fields are dropped, absent ones left out. */
export const object =
  <S extends Shape>(shape: S): Check<Checked<S>> =>
  (v) => {
    if (typeof v !== 'object' || v === null || Array.isArray(v)) return INVALID;
    const out: Record<string, unknown> = {};
    for (const [key, check] of Object.entries(shape)) {
      const checked = check((v as Record<string, unknown>)[key]);
      if (checked === INVALID) return INVALID;
      if (checked !== undefined) out[key] = checked;
    }
    return out as Checked<S>;
  };

/** The checked value or null. */
export function parse<T>(check: Check<T>, value: unknown): T | null {
  const checked = check(value);
  return checked === INVALID ? null : checked;
}
