import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { compileSourceDefinition, type ServedDefinition } from '../definitions/compile.ts';
import { VIA_DEFINITIONS_DIR } from '../../tests/fixtures/paths.ts';
import { visibleKeys } from '../definitions/geometry.ts';
import { keyLegend } from '../keycodes/legends.ts';
import { configFromDefinition } from './configFromDefinition.ts';

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
});
