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
