import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { VIA_DEFINITIONS_DIR } from '../../tests/fixtures/paths.ts';
import { compileSourceDefinition, validateServedDefinition, type DefinitionVersion } from './compile.ts';
import { checkServedDefinition } from './servedDefinitionShape.ts';

function compiled(file: string, version?: DefinitionVersion) {
  const result = compileSourceDefinition(JSON.parse(readFileSync(file, 'utf8')), version);
  return result.ok ? result.value : null;
}

const demo = (name: string) => compiled(path.resolve(import.meta.dirname, '../../keyboards/demo', name))!;

describe('run-time check of served definitions', () => {
  it('accepts every real definition the full validator accepts once compiled', () => {
    let checked = 0;
    for (const version of ['v2', 'v3'] as const) {
      const dir = path.join(VIA_DEFINITIONS_DIR, version);
      for (const file of readdirSync(dir, { recursive: true }) as string[]) {
        if (!file.endsWith('.json')) continue;
        const result = compiled(path.join(dir, file), version);
        if (!result || !validateServedDefinition(result.definition, version).ok) continue;
        const check = checkServedDefinition(JSON.parse(JSON.stringify(result.definition)), version);
        expect(check.ok ? 'ok' : `${file}: ${check.message}`).toBe('ok');
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(100);
  });

  it('refuses what is not whole or not the shape the app reads, saying where', () => {
    const { definition } = demo('aurora75.json');
    const keys = definition.layouts.keys;
    const cases: [unknown, RegExp][] = [
      ['<html>Bad gateway</html>', /not an object/],
      [{ ...definition, vendorProductId: '1263271938' }, /vendorProductId/],
      [{ ...definition, matrix: { rows: 'six', cols: 16 } }, /matrix: rows and cols/],
      [
        { ...definition, layouts: { ...definition.layouts, keys: keys.slice(0, 3).concat([null!]) } },
        /keys\.3/,
      ],
      [
        { ...definition, layouts: { ...definition.layouts, keys: [{ ...keys[0]!, w: '1' }] } },
        /layouts\.keys\.0\.w: must be a number/,
      ],
      [
        { ...definition, layouts: { ...definition.layouts, keys: [{ ...keys[0]!, row: 9, col: 0 }] } },
        /key at matrix 9,0 is outside the 6×16 matrix/,
      ],
      [{ ...definition, menus: undefined }, /menus: must be a list/],
      [
        { ...definition, layouts: { ...definition.layouts, optionKeys: { 0: { 1: 'x' } } } },
        /optionKeys\.0\.1/,
      ],
    ];
    for (const [json, message] of cases) {
      const result = checkServedDefinition(json, 'v3');
      expect(result.ok).toBe(false);
      if (!result.ok) expect(result.message).toMatch(/^Invalid v3 definition: /);
      if (!result.ok) expect(result.message).toMatch(message);
    }
    expect(checkServedDefinition(definition, 'v3').ok).toBe(true);
    expect(checkServedDefinition(demo('lumen65.json').definition, 'v2').ok).toBe(true);
    expect(checkServedDefinition({ ...demo('lumen65.json').definition, lighting: 5 }, 'v2').ok).toBe(false);
  });
});
