/**
 * Key geometry in pixels (core.md §2, extended.md §9): a key unit is 52 × 54 px with 2 px between keys, so
 * one unit steps 54 px across and 56 px down; the frame adds 35 px of padding. Rotation (r degrees about
 * rx, ry in units) and stepped/ISO second rectangles (x2, y2, w2, h2) follow KLE.
 */
export const KEY_WIDTH = 52;
export const KEY_HEIGHT = 54;
export const KEY_SPACING = 2;
export const FRAME_PADDING = 35;
export const UNIT_X = KEY_WIDTH + KEY_SPACING;
export const UNIT_Y = KEY_HEIGHT + KEY_SPACING;

export interface KeyShape {
  x: number;
  y: number;
  w?: number;
  h?: number;
  x2?: number;
  y2?: number;
  w2?: number;
  h2?: number;
  r?: number;
  rx?: number;
  ry?: number;
  d?: boolean;
}

export interface Rect {
  x: number;
  y: number;
  w: number;
  h: number;
}

export interface Point {
  x: number;
  y: number;
}

/** A key laid out in px: its rectangles before rotation, and the rotation to apply about a pivot. */
export interface KeyGeometry {
  rects: Rect[];
  rotation: number;
  pivot: Point;
  /** Centre of the main rectangle after rotation, for spatial keyboard navigation. */
  center: Point;
  /** Rotated corners of every rectangle, for hit tests and bounds. */
  polygons: Point[][];
}

function rotate(p: Point, pivot: Point, degrees: number): Point {
  if (!degrees) return p;
  const a = (degrees * Math.PI) / 180;
  const dx = p.x - pivot.x;
  const dy = p.y - pivot.y;
  return {
    x: pivot.x + dx * Math.cos(a) - dy * Math.sin(a),
    y: pivot.y + dx * Math.sin(a) + dy * Math.cos(a),
  };
}

const corners = (r: Rect): Point[] => [
  { x: r.x, y: r.y },
  { x: r.x + r.w, y: r.y },
  { x: r.x + r.w, y: r.y + r.h },
  { x: r.x, y: r.y + r.h },
];

/** How units map to drawing space: pitch per unit and the gap left between keys. */
export interface Scale {
  unitX: number;
  unitY: number;
  gap: number;
}

export const PIXELS: Scale = { unitX: UNIT_X, unitY: UNIT_Y, gap: KEY_SPACING };
/** The definition's own footprint in key units, with no gap: what the designer laid out. */
export const UNITS: Scale = { unitX: 1, unitY: 1, gap: 0 };

/**
 * Geometry of one key, in px by default (without the frame padding; add `FRAME_PADDING` when drawing).
 * Rotation happens in key units, before scaling to px, so a rotated key keeps exactly the neighbours the
 * designer gave it even though a px unit is 54 wide and 56 high.
 */
export function keyGeometry(key: KeyShape, scale: Scale = PIXELS): KeyGeometry {
  const { unitX, unitY, gap } = scale;
  const w = key.w ?? 1;
  const h = key.h ?? 1;
  const gx = gap / unitX;
  const gy = gap / unitY;
  const unitRects: Rect[] = [{ x: key.x, y: key.y, w: w - gx, h: h - gy }];
  if (key.w2 !== undefined || key.h2 !== undefined || key.x2 !== undefined || key.y2 !== undefined) {
    const second = {
      x: key.x + (key.x2 ?? 0),
      y: key.y + (key.y2 ?? 0),
      w: (key.w2 ?? w) - gx,
      h: (key.h2 ?? h) - gy,
    };
    const first = unitRects[0]!;
    if (second.x !== first.x || second.y !== first.y || second.w !== first.w || second.h !== first.h)
      unitRects.push(second);
  }
  const rotation = key.r ?? 0;
  const unitPivot = { x: key.rx ?? 0, y: key.ry ?? 0 };
  const toScale = (p: Point): Point => ({ x: p.x * unitX, y: p.y * unitY });
  const rects = unitRects.map((r) => ({
    x: r.x * unitX,
    y: r.y * unitY,
    w: (r.w + gx) * unitX - gap,
    h: (r.h + gy) * unitY - gap,
  }));
  const polygons = unitRects.map((r) => corners(r).map((p) => toScale(rotate(p, unitPivot, rotation))));
  const main = unitRects[0]!;
  const center = toScale(rotate({ x: main.x + main.w / 2, y: main.y + main.h / 2 }, unitPivot, rotation));
  return { rects, rotation, pivot: toScale(unitPivot), center, polygons };
}

/** Bounding box of the given keys' rotated shapes (px, without padding). */
export function boundingBox(geometries: readonly KeyGeometry[]): Rect {
  const points = geometries.flatMap((g) => g.polygons.flat());
  if (points.length === 0) return { x: 0, y: 0, w: 0, h: 0 };
  const xs = points.map((p) => p.x);
  const ys = points.map((p) => p.y);
  const x = Math.min(...xs);
  const y = Math.min(...ys);
  return { x, y, w: Math.max(...xs) - x, h: Math.max(...ys) - y };
}

/** Separating-axis test for two convex polygons; touching edges do not count as overlap. */
function polygonsOverlap(a: Point[], b: Point[], tolerance: number): boolean {
  for (const poly of [a, b]) {
    for (let i = 0; i < poly.length; i++) {
      const p1 = poly[i]!;
      const p2 = poly[(i + 1) % poly.length]!;
      const axis = { x: p2.y - p1.y, y: p1.x - p2.x };
      const len = Math.hypot(axis.x, axis.y) || 1;
      const project = (pts: Point[]) => pts.map((p) => (p.x * axis.x + p.y * axis.y) / len);
      const pa = project(a);
      const pb = project(b);
      if (Math.max(...pa) <= Math.min(...pb) + tolerance || Math.max(...pb) <= Math.min(...pa) + tolerance)
        return false;
    }
  }
  return true;
}

/** Pairs of keys (indexes) whose shapes overlap by more than `tolerance`; decals are ignored. */
export function overlappingKeys(
  keys: readonly KeyShape[],
  tolerance = 1,
  scale: Scale = PIXELS,
): [number, number][] {
  const geometries = keys.map((k) => keyGeometry(k, scale));
  const pairs: [number, number][] = [];
  for (let i = 0; i < keys.length; i++) {
    if (keys[i]!.d) continue;
    for (let j = i + 1; j < keys.length; j++) {
      if (keys[j]!.d) continue;
      const hit = geometries[i]!.polygons.some((a) =>
        geometries[j]!.polygons.some((b) => polygonsOverlap(a, b, tolerance)),
      );
      if (hit) pairs.push([i, j]);
    }
  }
  return pairs;
}

/** Keys shown for a set of layout-option choices: the base keys plus the chosen option of each group. */
export function visibleKeys<K>(
  layouts: { keys: K[]; optionKeys: Record<string, Record<string, K[]>> },
  choices: readonly number[],
): K[] {
  const extra = Object.entries(layouts.optionKeys).flatMap(
    ([group, options]) => options[String(choices[Number(group)] ?? 0)] ?? [],
  );
  return [...layouts.keys, ...extra];
}
