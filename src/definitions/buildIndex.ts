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
