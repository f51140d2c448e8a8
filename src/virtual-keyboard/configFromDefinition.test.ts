import { describe, expect, it } from 'vitest';
import type { ServedDefinition } from '../definitions/compile.ts';
import { HOSTILE_DEFINITIONS } from '../../tests/support/hostileDefinitions.ts';
import { checkBuildOptions, defaultBuildOptions, layerLimit } from '../definitions/buildOptions.ts';
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
    const beyond = 'This definition is beyond what VIA addresses: a ';
    expect(() => configFromDefinition(served('VIA form, LED index'))).toThrow(
      `${beyond}4×4 matrix, 2147483694 LEDs, 0 encoders`,
    );
    expect(() => configFromDefinition(served('encoder index'))).toThrow(/1000001 encoders$/);
    expect(() => configFromDefinition(served('matrix.rows 2,147,483,651'))).toThrow(
      `${beyond}2147483651×4 matrix`,
    );
    const rows100k = { ...served('VIA form, LED index'), matrix: { rows: 100_000, cols: 4 } };
    expect(() => configFromDefinition(rows100k as ServedDefinition)).toThrow(`${beyond}100000×4 matrix`);
  });

  it('builds the largest matrix VIA addresses, with as many layers as its keymap buffer holds', () => {
    const big = { ...served('VIA form, LED index'), matrix: { rows: 255, cols: 128 } } as ServedDefinition;
    big.layouts = { ...big.layouts, keys: [] };
    expect(layerLimit(big.matrix)).toBe(1);
    expect(configFromDefinition(big, { layers: 1 }).rows).toBe(255);
    expect(checkBuildOptions({ ...defaultBuildOptions('v3'), layers: 4 }, 'v3', big.matrix)).toMatchObject({
      ok: false,
      field: 'layers',
      max: 1,
      message: 'Layers must be between 1 and 1, got 4',
    });
    expect(layerLimit({ rows: 6, cols: 16 })).toBe(32);
    expect(layerLimit({ rows: 128, cols: 128 })).toBe(2);
  });
});
