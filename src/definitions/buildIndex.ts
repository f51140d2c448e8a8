import type { DefinitionVersion, ServedDefinition } from './compile.ts';

/** The definition index served as /definitions/supported_kbs.json (core.md §3 Definition index store). */
export interface DefinitionIndex {
  generatedAt: number;
  hash: string;
  version: string;
  theme: { alpha: { c: string; t: string }; mod: { c: string; t: string }; accent: { c: string; t: string } };
  accentColor: string;
  vendorProductIds: { v2: number[]; v3: number[] };
}

export const INDEX_FORMAT_VERSION = '2.0.0';
export const DEFAULT_ACCENT = '#ad7070';

/**
 * A stable content hash (FNV-1a 64-bit over the canonical JSON of every definition, sorted by version and id):
 * it only has to change when any served definition changes, so browsers drop stale cached copies.
 */
export function definitionsHash(
  definitions: readonly { version: DefinitionVersion; definition: ServedDefinition }[],
): string {
  const sorted = [...definitions].sort(
    (a, b) =>
      a.version.localeCompare(b.version) || a.definition.vendorProductId - b.definition.vendorProductId,
  );
  let h = 0xcbf29ce484222325n;
  const prime = 0x100000001b3n;
  const text = JSON.stringify(sorted.map((d) => [d.version, d.definition]));
  for (let i = 0; i < text.length; i++) {
    h ^= BigInt(text.charCodeAt(i));
    h = (h * prime) & 0xffffffffffffffffn;
  }
  return h.toString(16).padStart(16, '0');
}

export function buildIndex(
  definitions: readonly { version: DefinitionVersion; definition: ServedDefinition }[],
  generatedAt: number,
): DefinitionIndex {
  const ids = (v: DefinitionVersion) =>
    [...new Set(definitions.filter((d) => d.version === v).map((d) => d.definition.vendorProductId))].sort(
      (a, b) => a - b,
    );
  return {
    generatedAt,
    hash: definitionsHash(definitions),
    version: INDEX_FORMAT_VERSION,
    theme: {
      alpha: { c: '#363434', t: '#e8c4b8' },
      mod: { c: '#363434', t: '#e8c4b8' },
      accent: { c: '#e8c4b8', t: '#363434' },
    },
    accentColor: DEFAULT_ACCENT,
    vendorProductIds: { v2: ids('v2'), v3: ids('v3') },
  };
}

/**
 * The served index writes its id lists compactly: sorted ids as differences from the previous one, base 36,
 * comma-separated (`"1a2b3c,1,1,7k…"`). With the whole public collection (3,508 keyboards) the index file is
 * 5.1 kB gz instead of 8.1 kB with decimal lists, which keeps the first load's budget as the collection grows.
 * `/tabkb/supported_kbs.json` keeps plain decimal lists (core.md §7).
 */
export const ID_ENCODING = 'delta36';

export interface ServedIndex extends Omit<DefinitionIndex, 'vendorProductIds'> {
  idEncoding: typeof ID_ENCODING;
  vendorProductIds: { v2: string; v3: string };
}

/** Encodes ids (any order, duplicates dropped) as sorted base-36 differences. */
export function encodeIds(ids: readonly number[]): string {
  let previous = 0;
  return [...new Set(ids)]
    .sort((a, b) => a - b)
    .map((id) => {
      const delta = id - previous;
      previous = id;
      return delta.toString(36);
    })
    .join(',');
}

/** Decodes `encodeIds` output; null for anything that is not such a list of 32-bit ids. */
export function decodeIds(text: string): number[] | null {
  if (text === '') return [];
  let previous = 0;
  const ids: number[] = [];
  for (const part of text.split(',')) {
    if (!/^[0-9a-z]{1,7}$/.test(part)) return null;
    previous += parseInt(part, 36);
    if (previous > 0xffffffff) return null;
    ids.push(previous);
  }
  return ids;
}

export function serializeIndex(index: DefinitionIndex): ServedIndex {
  return {
    ...index,
    idEncoding: ID_ENCODING,
    vendorProductIds: { v2: encodeIds(index.vendorProductIds.v2), v3: encodeIds(index.vendorProductIds.v3) },
  };
}

/** The id lists of a served index, written either compactly (`idEncoding: 'delta36'`) or as plain lists. */
export function readIndexIds(json: unknown): { v2: number[]; v3: number[] } | null {
  const o = json as { idEncoding?: unknown; vendorProductIds?: { v2?: unknown; v3?: unknown } } | null;
  const ids = o?.vendorProductIds;
  if (!o || typeof o !== 'object' || !ids || typeof ids !== 'object') return null;
  const read = (v: unknown): number[] | null => {
    if (o.idEncoding === ID_ENCODING) return typeof v === 'string' ? decodeIds(v) : null;
    return Array.isArray(v) && v.every((n) => Number.isInteger(n)) ? (v as number[]) : null;
  };
  const v2 = read(ids.v2);
  const v3 = read(ids.v3);
  return v2 && v3 ? { v2, v3 } : null;
}
