/**
 * Small structural checks for the values the first screen reads before the keymap shows: settings and other
 * stored values, a virtual keyboard's stored EEPROM image, stored definition records and the vendor configs.
 * File formats a user brings keep zod (`./zod.ts`); zod's runtime is ≈ 15 kB gz, a tenth of the first screen's
 * budget (docs/adr/0007-first-screen-checks.md). A reader returns the value, typed, or throws a ShapeError that
 * names where and why, so a bad value is reported the way a failed zod schema is.
 */

/** Where a value failed and why: "testKeyboardSoundsSettings.volume: expected an integer from 0 to 100". */
export class ShapeError extends Error {
  constructor(
    readonly path: readonly (string | number)[],
    readonly reason: string,
  ) {
    super(path.length > 0 ? `${path.join('.')}: ${reason}` : reason);
    this.name = 'ShapeError';
  }
}

/** Reads an unknown value as T, or throws a ShapeError. */
export type Reader<T> = (value: unknown) => T;
export type ReaderOutput<R> = R extends Reader<infer T> ? T : never;

/** The value read, or the ShapeError that says why not (for callers that report rather than throw). */
export function tryRead<T>(
  read: Reader<T>,
  value: unknown,
): { ok: true; value: T } | { ok: false; error: ShapeError } {
  try {
    return { ok: true, value: read(value) };
  } catch (error) {
    if (error instanceof ShapeError) return { ok: false, error };
    throw error;
  }
}

const fail = (reason: string): never => {
  throw new ShapeError([], reason);
};

/** Runs `read` on a part of a value, adding the part's key to the path of any failure. */
function within<T>(key: string | number, read: Reader<T>, value: unknown): T {
  try {
    return read(value);
  } catch (error) {
    if (error instanceof ShapeError) throw new ShapeError([key, ...error.path], error.reason);
    throw error;
  }
}

export const boolean: Reader<boolean> = (value) =>
  typeof value === 'boolean' ? value : fail('expected true or false');

/** A finite number at least `min`. */
export const number =
  (min = -Infinity): Reader<number> =>
  (value) =>
    typeof value === 'number' && Number.isFinite(value) && value >= min
      ? value
      : fail(min === -Infinity ? 'expected a number' : `expected a number of at least ${min}`);

/** A whole number from `min` to `max`. */
export const int =
  (min = Number.MIN_SAFE_INTEGER, max = Number.MAX_SAFE_INTEGER): Reader<number> =>
  (value) =>
    Number.isInteger(value) && (value as number) >= min && (value as number) <= max
      ? (value as number)
      : fail(`expected an integer from ${min} to ${max}`);

export const string =
  ({
    min = 0,
    max = Infinity,
    pattern,
  }: { min?: number; max?: number; pattern?: RegExp } = {}): Reader<string> =>
  (value) => {
    if (typeof value !== 'string') return fail('expected text');
    if (value.length < min || value.length > max)
      return fail(
        max === Infinity ? `expected at least ${min} characters` : `expected ${min} to ${max} characters`,
      );
    if (pattern && !pattern.test(value)) return fail(`expected text matching ${String(pattern)}`);
    return value;
  };

export const oneOf =
  <const T extends string>(options: readonly T[]): Reader<T> =>
  (value) =>
    options.includes(value as T) ? (value as T) : fail(`expected one of ${options.join(', ')}`);

export const arrayOf =
  <T>(item: Reader<T>, { min = 0, max = Infinity }: { min?: number; max?: number } = {}): Reader<T[]> =>
  (value) => {
    if (!Array.isArray(value)) return fail('expected a list');
    if (value.length < min) return fail(`expected at least ${min} items`);
    if (value.length > max) return fail(`expected at most ${max} items`);
    return value.map((entry, i) => within(i, item, entry));
  };

/** A plain object whose every value reads with `item` (any keys). */
export const recordOf =
  <T>(item: Reader<T>): Reader<Record<string, T>> =>
  (value) =>
    Object.fromEntries(
      Object.entries(plainObject(value)).map(([key, entry]) => [key, within(key, item, entry)]),
    );

export const nullable =
  <T>(read: Reader<T>): Reader<T | null> =>
  (value) =>
    value === null ? null : read(value);

/** Absent (undefined) stays absent; anything else must read. */
export const optional =
  <T>(read: Reader<T>): Reader<T | undefined> =>
  (value) =>
    value === undefined ? undefined : read(value);

/** Absent (undefined) gives `fallback`; anything else must read. */
export const withDefault =
  <T>(read: Reader<T>, fallback: T): Reader<T> =>
  (value) =>
    value === undefined ? fallback : read(value);

/** A bad or absent value becomes `fallback` instead of failing (a field that must not take its siblings down). */
export const orDefault =
  <T>(read: Reader<T>, fallback: T): Reader<T> =>
  (value) => {
    const result = tryRead(read, value);
    return result.ok ? result.value : fallback;
  };

/** The first reader that accepts the value. */
export const either =
  <A, B>(first: Reader<A>, second: Reader<B>): Reader<A | B> =>
  (value) => {
    const result = tryRead(first, value);
    return result.ok ? result.value : second(value);
  };

function plainObject(value: unknown): Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : fail('expected an object');
}

type Shape = Record<string, Reader<unknown>>;
type OptionalKeys<S extends Shape> = {
  [K in keyof S]: undefined extends ReaderOutput<S[K]> ? K : never;
}[keyof S];
/** Fields whose reader may give undefined are optional, as in zod. */
type ObjectOf<S extends Shape> = {
  [K in Exclude<keyof S, OptionalKeys<S>>]: ReaderOutput<S[K]>;
} & { [K in OptionalKeys<S>]?: ReaderOutput<S[K]> };

/**
 * An object with these fields. Fields not named are dropped, unless `keepOthers` (a record read for a few of its
 * fields and passed on whole, like a definition inside its storage envelope).
 */
export function object<S extends Shape>(shape: S, { keepOthers = false } = {}): Reader<ObjectOf<S>> {
  return (value) => {
    const source = plainObject(value);
    const result: Record<string, unknown> = keepOthers ? { ...source } : {};
    for (const [key, read] of Object.entries(shape)) {
      const field = within(key, read, source[key]);
      if (field !== undefined) result[key] = field;
    }
    return result as ObjectOf<S>;
  };
}
