import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { compileSourceDefinition, type ServedDefinition } from '../definitions/compile.ts';
import { VIA_DEFINITIONS_DIR } from '../../tests/fixtures/paths.ts';
import { visibleKeys } from '../definitions/geometry.ts';
import { keyLegend } from '../keycodes/legends.ts';
import { parseKeycode } from '../keycodes/parse.ts';
import { configFromDefinition } from './configFromDefinition.ts';
import { defaultKeymapFor } from './defaultKeymap.ts';

const compile = (file: string): ServedDefinition => {
  const result = compileSourceDefinition(JSON.parse(readFileSync(file, 'utf8')));
  if (!result.ok) throw new Error(result.message);
  return result.value.definition;
};

/** The default legends row by row, as drawn (top to bottom, left to right), of layer 0. */
function legendRows(definition: ServedDefinition): string[] {
  const config = configFromDefinition(definition);
  const keys = visibleKeys(
    definition.layouts,
    (definition.layouts.labels ?? []).map(() => 0),
  );
  const byY = new Map<number, typeof keys>();
  for (const k of keys) byY.set(Math.floor(k.y), [...(byY.get(Math.floor(k.y)) ?? []), k]);
  return [...byY.entries()]
    .sort(([a], [b]) => a - b)
    .map(([, keys]) =>
      [...keys]
        .sort((a, b) => a.x - b.x)
        .map((k) => keyLegend(config.defaultKeymap![0]![k.row * config.cols + k.col]!, config.protocol).short)
        .join(' '),
    );
}

describe('default keymaps follow the keys’ positions', () => {
  it('the Orbit Pad reads as a numpad, its knob pressing Mute', () => {
    const orbit = compile(path.resolve(import.meta.dirname, '../../keyboards/demo/orbitpad.json'));
    expect(legendRows(orbit)).toEqual(['Mute', '7 8 9 /', '4 5 6 *', '1 2 3 -']);
  });

  it('a keyboard built from a real definition gets a US layout by rows, its offset column included', () => {
    const board = compile(path.join(VIA_DEFINITIONS_DIR, 'v3/kalakos__bahrnob65.json'));
    const rows = legendRows(board);
    expect(rows[0]).toMatch(/^` 1 2 3 4 5 6 7 8 9 0 - =/);
    expect(rows.find((r) => r.startsWith('Tab'))).toMatch(/^Tab Q W E R T Y U I O P \[ \]/);
    expect(rows.find((r) => r.startsWith('Caps'))).toMatch(/^Caps A S D F G H J K L ; '/);
    expect(rows.find((r) => r.startsWith('Shift'))).toMatch(/^Shift Z X C V B N M , \. \//);
    expect(rows.at(-1)).toBe('Ctrl Win Alt Space AltGr MO 1 Ctrl Left Down Right');
  });

  it('every numbering gets the same keys, MO(1) at its own number, no key left empty', () => {
    // A 6-row board: 17, 17, 17, 15 and 15 keys, then a bottom row with a 6.25u space bar.
    const widths = [17, 17, 17, 15, 15];
    const keys: { row: number; col: number; x: number; y: number; w?: number }[] = widths.flatMap((n, row) =>
      Array.from({ length: n }, (_, col) => ({ row, col, x: col, y: row })),
    );
    const bottom = [1, 1, 1, 6.25, 1, 1, 1, 1, 1, 1];
    let x = 0;
    for (const [col, w] of bottom.entries()) {
      keys.push({ row: 5, col, x, y: 5, w });
      x += w;
    }
    const legends = (protocol: number) =>
      defaultKeymapFor(keys, 6, 17, protocol)[0]!.map((c) => keyLegend(c, protocol).short);
    for (const protocol of [9, 10, 11, 12]) {
      const layer0 = defaultKeymapFor(keys, 6, 17, protocol)[0]!;
      expect(layer0[5 * 17 + 5]).toBe(parseKeycode('MO(1)', protocol));
      expect(keys.every((k) => layer0[k.row * 17 + k.col] !== 0)).toBe(true);
      expect(legends(protocol)).toEqual(legends(12));
    }
  });
});
