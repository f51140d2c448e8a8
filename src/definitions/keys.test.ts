import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { VIA_DEFINITIONS_DIR } from '../../tests/fixtures/paths.ts';
import { compileSourceDefinition } from './compile.ts';
import { encoderCount, everyKey, ledCount } from './keys.ts';

function compiled(file: string) {
  const result = compileSourceDefinition(
    JSON.parse(readFileSync(path.join(VIA_DEFINITIONS_DIR, file), 'utf8')),
  );
  if (!result.ok) throw new Error(result.message);
  return result.value.definition;
}

describe('counting across layout options', () => {
  it('finds encoders that sit only inside layout-option groups (Iris rev6b: one per thumb cluster)', () => {
    const iris = compiled('v3/keebio__iris__iris-rev6b.json');
    expect(iris.layouts.keys.some((k) => k.ei !== undefined)).toBe(false);
    expect(encoderCount(iris)).toBe(2);
  });

  it('counts base-layout encoders as before', () => {
    expect(encoderCount(compiled('v3/binepad__bnk9__bnk9.json'))).toBe(1);
  });

  it('everyKey lists base keys then every choice of every group', () => {
    const layouts: Parameters<typeof everyKey<{ row: number; col: number; ei?: number }>>[0] = {
      keys: [{ row: 0, col: 0 }],
      optionKeys: { '0': { '0': [{ row: 0, col: 1 }], '1': [{ row: 0, col: 2, ei: 3 }] } },
    };
    expect(everyKey(layouts).map((k) => k.col)).toEqual([0, 1, 2]);
    expect(encoderCount({ layouts })).toBe(4);
    expect(ledCount({ layouts })).toBe(0);
  });

  it('counts LEDs from option keys too', () => {
    const layouts = { keys: [{ li: 0 }], optionKeys: { '0': { '1': [{ li: 7 }] } } };
    expect(ledCount({ layouts })).toBe(8);
  });
});
