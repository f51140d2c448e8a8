import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { KEYS_HEADER, OUTPUT, keysHeaderNames, renderZmkKeys, zmkKeyRows } from './generate-zmk-keys.ts';
import { cCompiler } from '../tests/support/compileKeymap.ts';

const cc = cCompiler();

describe('ZMK key name generation', () => {
  it.skipIf(!cc)('the committed table is what ZMK keys.h gives (run npm run generate:zmk-keys)', () => {
    expect(readFileSync(OUTPUT, 'utf8')).toBe(renderZmkKeys(cc!));
  });

  it('reads every object-like name of keys.h, continued lines too, and which are deprecated', () => {
    const names = keysHeaderNames(readFileSync(KEYS_HEADER, 'utf8'));
    const byName = new Map(names.map((n) => [n.name, n.deprecated]));
    expect(byName.get('A')).toBe(false);
    expect(byName.get('LEFT_PARENTHESIS')).toBe(false);
    expect(byName.get('LCTL')).toBe(true);
    expect(byName.has('LS')).toBe(false);
  });

  it('puts the shortest name ZMK does not deprecate first, ties in header order', () => {
    const rows = zmkKeyRows(
      [
        { name: 'RETURN', deprecated: false },
        { name: 'ENTER', deprecated: false },
        { name: 'RET', deprecated: false },
        { name: 'ESCAPE', deprecated: false },
        { name: 'ESC', deprecated: false },
        { name: 'BKSP', deprecated: true },
        { name: 'BSPC', deprecated: false },
      ],
      [0x070028, 0x070028, 0x070028, 0x070029, 0x070029, 0x07002a, 0x07002a],
    );
    expect(rows).toEqual([
      [0x070028, 'RET', 'ENTER', 'RETURN'],
      [0x070029, 'ESC', 'ESCAPE'],
      [0x07002a, 'BSPC'],
    ]);
  });
});
