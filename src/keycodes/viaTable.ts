import type { QmkKeycodeRow } from './generated/qmkKeycodes.ts';
import { QMK_KEYCODES_LATEST, QMK_KEYCODES_V11 } from './generated/qmkKeycodesMore.ts';
import { generationFor, type Generation } from './generations.ts';
import { LEGACY_MOUSE_BASE, LEGACY_NAMED, WT_LIGHTING } from './legacyKeycodes.ts';
import { VIA_BASIC_NAMES, VIA_MOUSE_NAMES, VIA_QUANTUM_NAMES, VIA_V12_RGB_MATRIX_NAMES } from './viaNames.ts';

/** The names VIA's table for one protocol holds: what VIA writes for a number, and every name it reads. */
export interface ViaNameTable {
  /** Number → the name VIA writes for it. */
  byCode: ReadonlyMap<number, string>;
  /** Upper-cased name → number, as VIA's table for this protocol gives it. */
  byName: ReadonlyMap<string, number>;
}

function qmkIndex(rows: readonly QmkKeycodeRow[]): ReadonlyMap<string, number> {
  const index = new Map<string, number>();
  for (const [code, key, , aliases] of rows) for (const n of [key, ...aliases]) index.set(n, code);
  return index;
}

const QMK_V11 = qmkIndex(QMK_KEYCODES_V11);
const QMK_LATEST = qmkIndex(QMK_KEYCODES_LATEST);

/** `NAME` or `NAME=QMK` (viaNames.ts) → [VIA's name, number]; QMK 0.0.1's numbering unless told otherwise. */
function resolve(entry: string, index: ReadonlyMap<string, number> = QMK_V11): [string, number] {
  const [name, qmk = name] = entry.split('=') as [string, string?];
  const code = index.get(qmk) ?? QMK_LATEST.get(qmk);
  if (code === undefined) throw new Error(`viaNames.ts: ${qmk} is not a QMK keycode`);
  return [name, code];
}

const isLegacyMouseName = (name: string) => !/^KC_MS_BTN[678]$/.test(name);

function namesFor(generation: Generation): [string, number][] {
  const basic = VIA_BASIC_NAMES.map((e) => resolve(e));
  if (generation === 'legacy') {
    // Before protocol 11 the mouse keys sat at 0xF0–0xFF in QMK's order, without buttons 6–8.
    const mouse = VIA_MOUSE_NAMES.filter(isLegacyMouseName).map(
      (name, i) => [name, LEGACY_MOUSE_BASE + i] as [string, number],
    );
    const quantum = [...LEGACY_NAMED, ...WT_LIGHTING].map(([code, name]) => [name, code] as [string, number]);
    return [...basic, ...mouse, ...quantum];
  }
  const common = [
    ...basic,
    ...VIA_MOUSE_NAMES.map((e) => resolve(e)),
    ...VIA_QUANTUM_NAMES.map((e) => resolve(e)),
  ];
  if (generation === 'v11') return [...common, ['FN_MO13', 0x7700], ['FN_MO23', 0x7701]];
  return [
    ...common,
    resolve('FN_MO13=TL_LOWR', QMK_LATEST),
    resolve('FN_MO23=TL_UPPR', QMK_LATEST),
    ...VIA_V12_RGB_MATRIX_NAMES.map((e) => resolve(e, QMK_LATEST)),
  ];
}

const cache = new Map<Generation, ViaNameTable>();

/**
 * VIA's name table for a protocol: ≤ 10 its pre-2022 numbering, 11 and 12+ QMK 0.0.1's (see viaNames.ts).
 * VIA picks 13 like 12 and, unlike this, anything above 13 like 9; here a newer protocol keeps the newest.
 */
export function viaNameTable(protocol: number): ViaNameTable {
  const generation = generationFor(protocol);
  let table = cache.get(generation);
  if (!table) {
    const byCode = new Map<number, string>();
    const byName = new Map<string, number>();
    for (const [name, code] of namesFor(generation)) {
      if (!byCode.has(code)) byCode.set(code, name);
      byName.set(name.toUpperCase(), code);
    }
    table = { byCode, byName };
    cache.set(generation, table);
  }
  return table;
}
