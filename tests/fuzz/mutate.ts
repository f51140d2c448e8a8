import fc from 'fast-check';

/** One edit to a JSON document: where (a path of keys/indices, taken modulo what exists) and what. */
export interface JsonEdit {
  path: number[];
  action: 'delete' | 'replace' | 'wrap' | 'duplicate';
  value: unknown;
}

export const jsonEdit: fc.Arbitrary<JsonEdit> = fc.record({
  path: fc.array(fc.nat(), { minLength: 0, maxLength: 6 }),
  action: fc.constantFrom('delete', 'replace', 'wrap', 'duplicate'),
  value: fc.oneof(
    fc.jsonValue({ maxDepth: 2 }),
    fc.constantFrom(
      -1,
      0,
      255,
      256,
      65535,
      2 ** 32,
      Number.MAX_SAFE_INTEGER,
      1.5,
      '',
      '0xFEED',
      'KC_A',
      null,
    ),
  ),
});

/**
 * Applies edits to a copy of `document`: each walks its path (index modulo the keys present) and deletes,
 * replaces, wraps in an array or duplicates what it finds there. Small damages of a real file reach deeper
 * into a decoder than random JSON, which most decoders refuse at the first check.
 */
export function mutateJson(document: unknown, edits: readonly JsonEdit[]): unknown {
  const root = { value: structuredClone(document) } as Record<string, unknown>;
  for (const edit of edits) {
    let parent: Record<string, unknown> | unknown[] = root;
    let key: string | number = 'value';
    for (const step of edit.path) {
      const here = (parent as Record<string, unknown>)[key as string];
      if (!here || typeof here !== 'object') break;
      const keys: (string | number)[] = Array.isArray(here) ? here.map((_, i) => i) : Object.keys(here);
      if (keys.length === 0) break;
      parent = here as Record<string, unknown>;
      key = keys[step % keys.length]!;
    }
    const target = parent as Record<string | number, unknown>;
    switch (edit.action) {
      case 'delete':
        if (Array.isArray(parent)) parent.splice(key as number, 1);
        else delete target[key];
        break;
      case 'replace':
        target[key] = edit.value;
        break;
      case 'wrap':
        target[key] = [target[key]];
        break;
      case 'duplicate':
        if (Array.isArray(parent)) parent.push(structuredClone(parent[key as number]));
        else target[`${String(key)}_copy`] = target[key];
        break;
    }
  }
  return root.value;
}

/**
 * One edit that makes a document large (issue 33: the suite varied content, rarely size): the value at `path`
 * replaced by a list of many copies of itself, nested many lists deep, a long text, or an object of many keys.
 */
export interface SizeEdit {
  path: number[];
  kind: 'repeat' | 'nest' | 'long' | 'wide';
  count: number;
}

export const sizeEdit: fc.Arbitrary<SizeEdit> = fc.record({
  path: fc.array(fc.nat(), { minLength: 0, maxLength: 6 }),
  kind: fc.constantFrom('repeat', 'nest', 'long', 'wide'),
  count: fc.constantFrom(1_000, 10_000, 150_000),
});

/** Text of a document kept to about this size, so a copy of a whole file repeated stays a file one could open. */
const GROWN_TEXT_BYTES = 2_000_000;

/**
 * Applies one size edit to a copy of `document` (the path walked as `mutateJson` does). Copies share one
 * value, nesting is built without recursion, and a repeated value is copied at most as often as keeps the text
 * near GROWN_TEXT_BYTES.
 */
export function growJson(document: unknown, edit: SizeEdit): unknown {
  const root = { value: structuredClone(document) } as Record<string, unknown>;
  let parent: Record<string | number, unknown> = root;
  let key: string | number = 'value';
  for (const step of edit.path) {
    const here = parent[key];
    if (!here || typeof here !== 'object') break;
    const keys: (string | number)[] = Array.isArray(here) ? here.map((_, i) => i) : Object.keys(here);
    if (keys.length === 0) break;
    parent = here as Record<string | number, unknown>;
    key = keys[step % keys.length]!;
  }
  const target = parent[key];
  const size = (JSON.stringify(target) ?? 'null').length + 1;
  const copies = Math.max(1, Math.min(edit.count, Math.floor(GROWN_TEXT_BYTES / size)));
  switch (edit.kind) {
    case 'repeat':
      parent[key] = Array.from({ length: copies }, () => target);
      break;
    case 'nest': {
      let nested: unknown = target;
      for (let i = 0; i < edit.count; i++) nested = [nested];
      parent[key] = nested;
      break;
    }
    case 'long':
      parent[key] = 'x'.repeat(edit.count * 4);
      break;
    case 'wide':
      parent[key] = Object.fromEntries(Array.from({ length: copies }, (_, i) => [`k${i}`, target]));
      break;
  }
  return root.value;
}

/** A value's JSON text, also for nesting JSON.stringify overflows the stack on. */
export function jsonText(value: unknown): string {
  try {
    return JSON.stringify(value) ?? 'null';
  } catch (error) {
    if (!(error instanceof RangeError)) throw error;
    return deepJsonText(value);
  }
}

/** JSON text without recursion (slower than JSON.stringify; for the deep documents it cannot write). */
function deepJsonText(value: unknown): string {
  const out: string[] = [];
  const stack: unknown[] = [value];
  const raw = (text: string) => ({ [RAW]: text });
  while (stack.length > 0) {
    const item = stack.pop();
    if (item && typeof item === 'object' && RAW in item) out.push((item as Record<symbol, string>)[RAW]!);
    else if (Array.isArray(item)) {
      out.push('[');
      stack.push(raw(']'));
      for (let i = item.length - 1; i >= 0; i--) {
        stack.push(item[i] === undefined ? null : item[i]);
        if (i > 0) stack.push(raw(','));
      }
    } else if (item && typeof item === 'object') {
      out.push('{');
      stack.push(raw('}'));
      const entries = Object.entries(item).filter(([, v]) => v !== undefined);
      for (let i = entries.length - 1; i >= 0; i--) {
        stack.push(entries[i]![1]);
        stack.push(raw(`${JSON.stringify(entries[i]![0])}:`));
        if (i > 0) stack.push(raw(','));
      }
    } else out.push(JSON.stringify(item) ?? 'null');
  }
  return out.join('');
}

const RAW = Symbol('raw JSON text');
