import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { compileSourceDefinition } from './compile.ts';
import { boundingBox, keyGeometry, overlappingKeys, visibleKeys, UNIT_X, UNIT_Y, UNITS } from './geometry.ts';
import { VIA_DEFINITIONS_DIR } from '../../tests/fixtures/paths.ts';

const REFERENCE = VIA_DEFINITIONS_DIR;
const files = ['v2', 'v3'].flatMap((v) =>
  readdirSync(path.join(REFERENCE, v)).map((f) => ({
    version: v as 'v2' | 'v3',
    file: path.join(REFERENCE, v, f),
  })),
);

describe('key geometry', () => {
  it('places a 1u key at 52 × 54 px on a 54 × 56 px pitch', () => {
    expect(keyGeometry({ x: 2, y: 1 }).rects).toEqual([{ x: 108, y: 56, w: 52, h: 54 }]);
    expect(keyGeometry({ x: 0, y: 0, w: 2.25 }).rects[0]!.w).toBeCloseTo(2.25 * 54 - 2, 9);
  });

  it('builds an ISO enter from two rectangles (w 1.25, h 2, x2 -0.25, w2 1.5, h2 1)', () => {
    const g = keyGeometry({ x: 13.75, y: 1, w: 1.25, h: 2, x2: -0.25, y2: 0, w2: 1.5, h2: 1 });
    expect(g.rects).toEqual([
      { x: 13.75 * 54, y: 56, w: 1.25 * 54 - 2, h: 2 * 56 - 2 },
      { x: 13.5 * 54, y: 56, w: 1.5 * 54 - 2, h: 54 },
    ]);
  });

  it('rotates about rx, ry: a 1u key at the pivot turned 90° lies to the left of it', () => {
    const g = keyGeometry({ x: 1, y: 1, r: 90, rx: 1, ry: 1 });
    const xs = g.polygons[0]!.map((p) => Math.round(p.x * 1000) / 1000);
    const ys = g.polygons[0]!.map((p) => Math.round(p.y * 1000) / 1000);
    // In units the key spans x ∈ [1 − (1 − 2/56), 1], y ∈ [1, 1 + (1 − 2/54)], then scaled by 54 × 56.
    expect(Math.min(...xs)).toBeCloseTo((2 / 56) * 54, 3);
    expect(Math.max(...xs)).toBe(54);
    expect(Math.min(...ys)).toBe(56);
    expect(Math.max(...ys)).toBeCloseTo(56 + (1 - 2 / 54) * 56, 3);
  });

  it('rotates a thumb key 30° about a distant pivot (hand-computed centre)', () => {
    const g = keyGeometry({ x: 4, y: 3, r: 30, rx: 3, ry: 3 });
    // Unrotated centre relative to the pivot, in units: (1 + 26/54, 27/56); rotate, then scale to px.
    const dx = 1 + 26 / 54;
    const dy = 27 / 56;
    const cx = (3 + dx * Math.cos(Math.PI / 6) - dy * Math.sin(Math.PI / 6)) * UNIT_X;
    const cy = (3 + dx * Math.sin(Math.PI / 6) + dy * Math.cos(Math.PI / 6)) * UNIT_Y;
    expect(g.center.x).toBeCloseTo(cx, 6);
    expect(g.center.y).toBeCloseTo(cy, 6);
  });

  it('finds overlap only where keys really overlap', () => {
    expect(
      overlappingKeys([
        { x: 0, y: 0 },
        { x: 1, y: 0 },
      ]),
    ).toEqual([]);
    expect(
      overlappingKeys([
        { x: 0, y: 0, w: 2 },
        { x: 1, y: 0 },
      ]),
    ).toEqual([[0, 1]]);
    expect(
      overlappingKeys([
        { x: 0, y: 0, w: 2 },
        { x: 1, y: 0, d: true },
      ]),
    ).toEqual([]);
  });

  it('bounding box covers every rotated corner', () => {
    const box = boundingBox([keyGeometry({ x: 0, y: 0 }), keyGeometry({ x: 2, y: 1, w: 2 })]);
    expect(box).toEqual({ x: 0, y: 0, w: 4 * 54 - 2, h: 2 * 56 - 2 });
  });
});

describe('every reference definition', () => {
  // Some real layouts overlap on their own (Alice-style rows, choc spacing, two keys at one spot); only an
  // overlap that the definition's own unit footprint does not have would be caused by our geometry.
  it(`(${files.length} files) validates, compiles and lays out with no overlap caused by our geometry`, () => {
    const problems: string[] = [];
    for (const { version, file } of files) {
      const result = compileSourceDefinition(JSON.parse(readFileSync(file, 'utf8')), version);
      if (!result.ok) {
        problems.push(`${path.basename(file)}: ${result.message}`);
        continue;
      }
      const { layouts } = result.value.definition;
      const keys = visibleKeys(layouts, []);
      const own = new Set(overlappingKeys(keys, 0.02, UNITS).map((p) => p.join()));
      const overlaps = overlappingKeys(keys).filter((p) => !own.has(p.join()));
      if (overlaps.length > 0) {
        const [a, b] = overlaps[0]!;
        problems.push(
          `${path.basename(file)}: ${overlaps.length} overlaps, first ${JSON.stringify(keys[a])} / ${JSON.stringify(keys[b])}`,
        );
      }
      const box = boundingBox(keys.map((k) => keyGeometry(k)));
      if (!(box.w > 0 && box.h > 0)) problems.push(`${path.basename(file)}: empty layout`);
    }
    expect(problems).toEqual([]);
  });
});
