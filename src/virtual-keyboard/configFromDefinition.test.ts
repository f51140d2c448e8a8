import { describe, expect, it } from 'vitest';
import type { ServedDefinition } from '../definitions/compile.ts';
import { HOSTILE_DEFINITIONS } from '../../tests/support/hostileDefinitions.ts';
import { checkBuildOptions, defaultBuildOptions, layerLimit } from './buildOptions.ts';
import { configFromDefinition } from './configFromDefinition.ts';

const served = (part: string) =>
  JSON.parse(HOSTILE_DEFINITIONS.find((h) => h.name.includes(part))!.text) as ServedDefinition;

/**
 * Issue 33: a definition whose counts the VIA protocol cannot address used to reach the virtual keyboard, which
 * allocated one value per LED index (no return after 100 s for 2,147,483,693) or threw "Invalid array length".
 * Whoever read the definition, building a board from it refuses before allocating anything.
 */
describe('a virtual keyboard is never built from a definition over the limits', () => {
  it('refuses an LED index, an encoder index or a matrix beyond what VIA addresses', () => {
    expect(() => configFromDefinition(served('VIA form, LED index'))).toThrow(
      'This definition is too large: layouts.keys.0 has 2147483693 (at most 255)',
    );
    expect(() => configFromDefinition(served('encoder index'))).toThrow(
      /too large: layouts\.keys\.0 has 1000000/,
    );
    expect(() => configFromDefinition(served('matrix.rows 2,147,483,651'))).toThrow(
      /matrixRows has 2147483651/,
    );
    const rows100k = { ...served('VIA form, LED index'), matrix: { rows: 100_000, cols: 4 } };
    expect(() => configFromDefinition(rows100k as ServedDefinition)).toThrow(/matrixRows has 100000/);
  });

  it('builds the largest matrix VIA addresses, with as many layers as its keymap buffer holds', () => {
    const big = { ...served('VIA form, LED index'), matrix: { rows: 255, cols: 128 } } as ServedDefinition;
    big.layouts = { ...big.layouts, keys: [] };
    expect(layerLimit(big.matrix)).toBe(1);
    expect(configFromDefinition(big, { layers: 1 }).rows).toBe(255);
    expect(() => configFromDefinition(big, { layers: 4 })).toThrow(
      '4 layers of a 255×128 matrix need 261,120 bytes; the VIA keymap addresses 65,536.',
    );
    expect(checkBuildOptions({ ...defaultBuildOptions('v3'), layers: 4 }, 'v3', big.matrix)).toMatchObject({
      ok: false,
      field: 'layers',
      max: 1,
    });
    expect(layerLimit({ rows: 6, cols: 16 })).toBe(32);
    expect(layerLimit({ rows: 128, cols: 128 })).toBe(2);
  });
});
