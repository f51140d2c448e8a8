import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import {
  buildIndex,
  readIndexIds,
  serializeIndex,
  type DefinitionIndex,
} from '../src/definitions/buildIndex.ts';
import type { Report } from './run.ts';

/** Issue #12: with the whole public collection (3,508 keyboards) the index adds at most 10 kB gz to the first load. */
const LIMIT_BYTES = 10 * 1024;
const COLLECTION = { v2: { ids: 1484, vendors: 424 }, v3: { ids: 2024, vendors: 551 } };

/** A small seeded generator, so the synthetic index is the same on every run. */
function random(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s ^ (s >>> 15), 0x2c1b3c6d) + 0x6d2b79f5) >>> 0;
    return s / 2 ** 32;
  };
}

/**
 * An index shaped like the public collection's (counted on a checkout of the-via/keyboards): per version that many
 * ids over that many vendors, a few vendors with many boards and most with one or two; about a third of vendors
 * number their boards from 1, the rest pick product ids at random — which compresses worse than the real ids.
 */
function syntheticIndex(): DefinitionIndex {
  const next = random(12);
  const ids = (count: number, vendors: number) => {
    const out = new Set<number>();
    const vendorIds = Array.from({ length: vendors }, () => 1 + Math.floor(next() * 0xfffe));
    const weights = vendorIds.map((_, rank) => 1 / (rank + 1));
    const total = weights.reduce((a, b) => a + b, 0);
    vendorIds.forEach((vid, rank) => {
      const boards = Math.max(1, Math.round((weights[rank]! / total) * (count - vendors)) + 1);
      const sequential = next() < 0.35;
      for (let i = 0; i < boards; i++)
        out.add(vid * 65536 + (sequential ? i + 1 : Math.floor(next() * 0xffff)));
    });
    while (out.size < count)
      out.add(vendorIds[Math.floor(next() * vendors)]! * 65536 + Math.floor(next() * 0xffff));
    return [...out].slice(0, count);
  };
  const index = buildIndex([], Date.now());
  const v2 = ids(COLLECTION.v2.ids, COLLECTION.v2.vendors).sort((a, b) => a - b);
  const v3 = ids(COLLECTION.v3.ids, COLLECTION.v3.vendors).sort((a, b) => a - b);
  return { ...index, hash: '0123456789abcdef', vendorProductIds: { v2, v3 } };
}

const gz = (json: unknown) => gzipSync(JSON.stringify(json), { level: 9 }).length;

export function run(report: Report) {
  const synthetic = syntheticIndex();
  report({
    name: `definition index: synthetic, ${synthetic.vendorProductIds.v2.length + synthetic.vendorProductIds.v3.length} keyboards (gzip -9)`,
    value: gz(serializeIndex(synthetic)),
    unit: 'B',
    limit: LIMIT_BYTES,
    note: 'shaped like the public collection; random product ids make it pessimistic (real collection: 5.1 kB)',
  });
  // After `KEYLOOM_KEYBOARDS=<checkout> npm run build` the real index is here (docs/deploy.md).
  const built = path.resolve(import.meta.dirname, '../public/definitions/supported_kbs.json');
  if (existsSync(built)) {
    const index = JSON.parse(readFileSync(built, 'utf8')) as unknown;
    const ids = readIndexIds(index) ?? { v2: [], v3: [] };
    const count = ids.v2.length + ids.v3.length;
    report({
      name: `definition index: as built in public/definitions, ${count} keyboards (gzip -9)`,
      value: gz(index),
      unit: 'B',
      limit: LIMIT_BYTES,
    });
  }
}
