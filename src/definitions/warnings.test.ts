import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { VIA_DEFINITIONS_DIR } from '../../tests/fixtures/paths.ts';
import { compileSourceDefinition } from './compile.ts';
import { definitionWarnings, describeWarning } from './warnings.ts';

const key = (row: number, col: number, extra: Record<string, unknown> = {}) => ({ row, col, ...extra });

describe('definition warnings', () => {
  it('names two keys on one matrix position in the default layout', () => {
    const warnings = definitionWarnings({
      matrix: { rows: 2, cols: 2 },
      layouts: { keys: [key(0, 0), key(0, 1), key(0, 1)], optionKeys: {} },
    });
    expect(warnings).toEqual([{ kind: 'duplicatePosition', position: '0,1', count: 2 }]);
    expect(describeWarning(warnings[0]!)).toBe(
      '2 keys share matrix position 0,1 in the default layout: they always send the same keycode',
    );
  });

  it('does not count a non-default option choice as a duplicate (it replaces choice 0)', () => {
    const warnings = definitionWarnings({
      matrix: { rows: 1, cols: 2 },
      layouts: {
        keys: [key(0, 0)],
        optionKeys: { '0': { '0': [key(0, 1)], '1': [key(0, 1, { w: 2 })] } },
        labels: ['Wide key'],
      },
    });
    expect(warnings).toEqual([]);
  });

  it('names keys outside the matrix, option keys with their group and choice', () => {
    const warnings = definitionWarnings({
      matrix: { rows: 1, cols: 2 },
      layouts: {
        keys: [key(0, 2)],
        optionKeys: { '0': { '0': [key(0, 0)], '1': [key(3, 0)] } },
        labels: [['Split', 'No', 'Yes']],
      },
    });
    expect(warnings.map(describeWarning)).toEqual([
      'Key at matrix 0,2 is outside the 1×2 matrix',
      "Key at matrix 3,0 (layout 'Split', choice 1) is outside the 1×2 matrix",
    ]);
  });

  it('names an encoder without a matrix position for its press', () => {
    const warnings = definitionWarnings({
      matrix: { rows: 1, cols: 1 },
      layouts: { keys: [key(0, 0), key(-1, -1, { ei: 0 })], optionKeys: {} },
    });
    expect(warnings.map(describeWarning)).toEqual([
      'Encoder 0 has no matrix position: pressing it does nothing',
    ]);
  });

  it('names a layout-option group without choice 0', () => {
    const warnings = definitionWarnings({
      matrix: { rows: 1, cols: 2 },
      layouts: { keys: [key(0, 0)], optionKeys: { '0': { '1': [key(0, 1)] } }, labels: ['Big key'] },
    });
    expect(warnings.map(describeWarning)).toEqual([
      "Layout 'Big key' has no choice 0: the default layout draws none of its keys",
    ]);
  });

  it('the reader marks an encoder with an empty matrix legend as row -1, which is warned about', () => {
    const result = compileSourceDefinition({
      name: 'T',
      vendorId: '0x1234',
      productId: '0x0001',
      matrix: { rows: 1, cols: 2 },
      layouts: { keymap: [['0,0', '\n\n\n\n\n\n\n\n\ne0', '0,1']] },
      menus: [],
      keycodes: [],
    });
    expect(result.ok).toBe(true);
    if (result.ok)
      expect(definitionWarnings(result.value.definition).map((w) => w.kind)).toEqual(['encoderWithoutPress']);
  });

  it('real definitions: every warning is well formed and most definitions are clean', () => {
    let clean = 0;
    let total = 0;
    for (const v of ['v2', 'v3']) {
      for (const f of readdirSync(path.join(VIA_DEFINITIONS_DIR, v))) {
        const result = compileSourceDefinition(
          JSON.parse(readFileSync(path.join(VIA_DEFINITIONS_DIR, v, f), 'utf8')),
        );
        if (!result.ok) continue;
        total++;
        const warnings = definitionWarnings(result.value.definition);
        for (const w of warnings) expect(describeWarning(w)).toMatch(/\S/);
        if (warnings.length === 0) clean++;
      }
    }
    expect(total).toBe(207);
    expect(clean / total).toBeGreaterThan(0.8);
  });
});
