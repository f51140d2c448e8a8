import { readFileSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { VIA_DEFINITIONS_DIR } from '../fixtures/paths.ts';
import { compileSourceDefinition, validateServedDefinition } from '../../src/definitions/compile.ts';
import { FUZZ_TIMEOUT_MS, fuzzParameters } from './fuzzConfig.ts';
import { jsonEdit, mutateJson } from './mutate.ts';

const source = (file: string): unknown =>
  JSON.parse(readFileSync(path.join(VIA_DEFINITIONS_DIR, file), 'utf8'));
// Small real boards of both versions, one with custom menus: the decoders see every part of a definition.
const SOURCES = [
  source('v3/0_sixty__0_sixty.json'),
  source('v3/riot_pad__riot_pad.json'),
  source('v2/kb_elmo__twelvekey__twelvekey.json'),
];
const SERVED = SOURCES.map((s) => {
  const result = compileSourceDefinition(s);
  if (!result.ok) throw new Error(result.message);
  return result.value;
});

const damaged = <T>(documents: readonly T[]) =>
  fc.tuple(fc.constantFrom(...documents), fc.array(jsonEdit, { minLength: 1, maxLength: 3 }));

describe('fuzz: keyboard definitions', () => {
  it(
    'source form (a user loads a file): compiled or refused with one line, never a throw',
    () => {
      fc.assert(
        fc.property(
          fc.oneof(
            fc.jsonValue({ maxDepth: 3 }),
            damaged(SOURCES).map(([doc, edits]) => mutateJson(doc, edits)),
          ),
          fc.constantFrom(undefined, 'v2' as const, 'v3' as const),
          (json, forced) => {
            const result = compileSourceDefinition(json, forced);
            // A definition over the size limits names the limit (definitionLimits.ts), any other refusal the definition.
            if (!result.ok)
              expect(result.message).toMatch(result.limit ? /(at most|to) [\d,]+\b/ : /definition/);
            else expect(result.value.definition.layouts.keys.length).toBeGreaterThanOrEqual(0);
          },
        ),
        fuzzParameters(),
      );
    },
    FUZZ_TIMEOUT_MS,
  );

  it(
    'served form (fetched or cached): accepted whole or refused whole, keys inside the matrix',
    () => {
      fc.assert(
        fc.property(
          damaged(SERVED).map(([{ version, definition }, edits]) => ({
            version,
            json: mutateJson(definition, edits),
          })),
          ({ version, json }) => {
            const result = validateServedDefinition(json, version);
            if (!result.ok)
              expect(result.message).toMatch(
                result.limit ? /(at most|to) [\d,]+\b/ : /^Invalid v[23] definition: /,
              );
            else
              for (const key of result.value.layouts.keys) {
                expect(key.row).toBeLessThan(result.value.matrix.rows);
                expect(key.col).toBeLessThan(result.value.matrix.cols);
              }
          },
        ),
        fuzzParameters(),
      );
    },
    FUZZ_TIMEOUT_MS,
  );
});
