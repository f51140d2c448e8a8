import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import {
  isKeyboardDefinitionV2 as readerIsV2,
  isKeyboardDefinitionV3 as readerIsV3,
  isVIADefinitionV2 as readerIsServedV2,
  isVIADefinitionV3 as readerIsServedV3,
  keyboardDefinitionV2ToVIADefinitionV2,
  keyboardDefinitionV3ToVIADefinitionV3,
  type KeyboardDefinitionV2,
  type KeyboardDefinitionV3,
} from '@the-via/reader';
import { describe, expect, it } from 'vitest';
import { VIA_DEFINITIONS_DIR } from '../../tests/fixtures/paths.ts';
import {
  OUTPUT,
  renderDefinitionValidators,
  SOURCE_OUTPUTS,
} from '../../scripts/generate-definition-validators.ts';
import { compileSourceOfVersion } from './compileSource.ts';
import { compileSourceDefinition, validateServedDefinition } from './compile.ts';
import * as ours from './generated/definitionValidators.js';

function fixtures(version: 'v2' | 'v3'): unknown[] {
  const dir = path.join(VIA_DEFINITIONS_DIR, version);
  return readdirSync(dir, { recursive: true })
    .map(String)
    .filter((file) => file.endsWith('.json'))
    .map((file) => JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as unknown);
}

/** Small damages a hand-edited file might carry: a missing, mistyped or extra field. */
function damaged(definition: unknown): unknown[] {
  const o = definition as Record<string, unknown>;
  const { matrix: _m, ...noMatrix } = o;
  return [
    noMatrix,
    { ...o, matrix: { rows: '4', cols: 5 } },
    { ...o, extra: true },
    { ...o, layouts: { keymap: 'nope' } },
    { ...o, name: 7 },
    { ...o, menus: ['qmk_unknown_menu'] },
  ];
}

describe('definition compiler without eval (CSP)', () => {
  it('the committed validators match the reader schemas (run npm run generate:validators)', () => {
    expect(readFileSync(OUTPUT, 'utf8') === renderDefinitionValidators()).toBe(true);
    for (const [name, file] of Object.entries(SOURCE_OUTPUTS))
      expect(readFileSync(file, 'utf8') === renderDefinitionValidators([name])).toBe(true);
  }, 60_000);

  for (const version of ['v2', 'v3'] as const) {
    it(`a ${version} definition compiled with its version's check alone (a Vial keyboard's) gets the same verdict and form`, async () => {
      for (const definition of fixtures(version).slice(0, 40))
        for (const input of [definition, ...damaged(definition)])
          expect(await compileSourceOfVersion(input, version)).toEqual(
            compileSourceDefinition(input, version),
          );
    }, 60_000);
  }

  it('the generated code never evaluates strings', () => {
    const code = readFileSync(OUTPUT, 'utf8');
    expect(code).not.toMatch(/new Function|\beval\(|\brequire\(/);
  });

  for (const version of ['v2', 'v3'] as const) {
    it(`gives the same verdicts and served form as the reader for every real ${version} definition`, () => {
      const readerCheck = version === 'v3' ? readerIsV3 : readerIsV2;
      const ourCheck = version === 'v3' ? ours.isKeyboardDefinitionV3 : ours.isKeyboardDefinitionV2;
      const all = fixtures(version);
      expect(all.length).toBeGreaterThan(10);
      for (const definition of all) {
        for (const input of [definition, ...damaged(definition)]) {
          expect(ourCheck(input)).toBe(readerCheck(input));
        }
        const result = compileSourceDefinition(definition, version);
        let expected: unknown;
        try {
          expected =
            version === 'v3'
              ? keyboardDefinitionV3ToVIADefinitionV3(definition as KeyboardDefinitionV3)
              : keyboardDefinitionV2ToVIADefinitionV2(definition as KeyboardDefinitionV2);
        } catch {
          expected = undefined;
        }
        if (expected === undefined) expect(result.ok).toBe(false);
        else {
          expect(result).toEqual({ ok: true, value: { version, definition: expected } });
          const readerServed = version === 'v3' ? readerIsServedV3 : readerIsServedV2;
          expect(validateServedDefinition(expected, version).ok).toBe(readerServed(expected));
        }
      }
    }, 60_000);
  }

  it('names the first schema problem in one line', () => {
    const [definition] = fixtures('v3');
    const result = compileSourceDefinition({ ...(definition as object), extra: 1 }, 'v3');
    expect(result).toEqual({
      ok: false,
      message: "invalid v3 definition: definition: must NOT have additional properties 'extra'",
    });
  });

  it('refuses the 0xFEED placeholder vendor id', () => {
    const [definition] = fixtures('v3');
    const result = compileSourceDefinition({ ...(definition as object), vendorId: '0xFEED' }, 'v3');
    expect(result).toEqual({
      ok: false,
      message: "invalid v3 definition: '0xFEED' is not a valid vendorId.",
    });
  });
});
