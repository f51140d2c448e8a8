import type {
  KeyboardDefinitionV2,
  KeyboardDefinitionV3,
  VIADefinitionV2,
  VIADefinitionV3,
} from '@the-via/reader';
// Precompiled from the reader's schemas (scripts/generate-definition-validators.ts): no eval, so they run
// under the app's Content-Security-Policy, where the reader's own import-time compilation cannot.
import {
  isKeyboardDefinitionV2,
  isKeyboardDefinitionV3,
  isVIADefinitionV2,
  isVIADefinitionV3,
} from './generated/definitionValidators.js';
import { everyKey } from './keys.ts';
import type { LimitProblem } from './definitionLimits.ts';
import { limitMessage } from './limitMessage.ts';
import { servedSizeProblem, sourceSizeProblem } from './definitionSize.ts';
import { toServedV2, toServedV3 } from './toServed.ts';

export type DefinitionVersion = 'v2' | 'v3';
/** A definition in the served (compiled) form the app reads: `layouts.keys`, `vendorProductId`, … */
export type ServedDefinition = VIADefinitionV2 | VIADefinitionV3;

/** A refusal carries `limit` when the definition is larger than Keyloom reads (the UI words it from that). */
export type Result<T> = { ok: true; value: T } | { ok: false; message: string; limit?: LimitProblem };

const tooLarge = (limit: LimitProblem): { ok: false; message: string; limit: LimitProblem } => ({
  ok: false,
  message: limitMessage(limit),
  limit,
});

interface AjvError {
  instancePath?: string;
  message?: string;
  params?: Record<string, unknown>;
}

/**
 * One readable line from the schema's first error: where, and what is wrong. The validators stop at the first
 * error (scripts/generate-definition-validators.ts), so there is no count of the others to give.
 */
function describeErrors(errors: readonly AjvError[] | null | undefined): string {
  const first = errors?.[0];
  if (!first) return 'not a valid keyboard definition';
  const where = first.instancePath ? first.instancePath.replace(/^\//, '').replace(/\//g, '.') : 'definition';
  const extra = first.params?.additionalProperty ? ` '${String(first.params.additionalProperty)}'` : '';
  return `${where}: ${first.message ?? 'is invalid'}${extra}`;
}

/**
 * Tells v2 from v3 source by shape: v3 has `menus`/`keycodes` or no `lighting`; v2 has `lighting`.
 * Returns null for something that is not a keyboard definition at all.
 */
export function detectSourceVersion(json: unknown): DefinitionVersion | null {
  if (!json || typeof json !== 'object' || Array.isArray(json)) return null;
  const o = json as Record<string, unknown>;
  if (!('layouts' in o) || !('matrix' in o)) return null;
  return 'lighting' in o && !('menus' in o) && !('keycodes' in o) ? 'v2' : 'v3';
}

/**
 * Validates a source definition (VIA keyboards repository form, KLE layout) and compiles it to served form.
 * Sizes are checked first (`definitionSize.ts`), so a hostile file is refused before the schema or the KLE
 * conversion spend time on it; the compiled result is checked again (LED and encoder indexes come from legends).
 */
export function compileSourceDefinition(
  json: unknown,
  forced?: DefinitionVersion,
): Result<{ version: DefinitionVersion; definition: ServedDefinition }> {
  const version = forced ?? detectSourceVersion(json);
  if (version === null)
    return { ok: false, message: 'not a keyboard definition (needs name, matrix and layouts)' };
  const size = sourceSizeProblem(json);
  if (size) return tooLarge(size);
  const valid = version === 'v3' ? isKeyboardDefinitionV3(json) : isKeyboardDefinitionV2(json);
  if (!valid) {
    return {
      ok: false,
      message: `invalid ${version} definition: ${describeErrors((version === 'v3' ? isKeyboardDefinitionV3 : isKeyboardDefinitionV2).errors)}`,
    };
  }
  let definition: ServedDefinition;
  try {
    definition =
      version === 'v3' ? toServedV3(json as KeyboardDefinitionV3) : toServedV2(json as KeyboardDefinitionV2);
  } catch (error) {
    return {
      ok: false,
      message: `invalid ${version} definition: ${error instanceof Error ? error.message : String(error)}`,
    };
  }
  // LED and encoder indexes come out of KLE legends; the compiled form's path would not point into this file.
  const compiledSize = servedSizeProblem(definition);
  if (compiledSize) {
    const { where: _where, ...problem } = compiledSize;
    return tooLarge(problem);
  }
  const matrix = matrixProblem(definition);
  if (matrix) return { ok: false, message: `invalid ${version} definition: ${matrix}` };
  return { ok: true, value: { version, definition } };
}

/**
 * Validates a served definition (a file in VIA's form, a stored one); a bad one is refused whole, never
 * half-used. Sizes first, then the schema, then what the schema cannot say: a matrix of whole numbers and every
 * key, layout-option keys included, inside it.
 */
export function validateServedDefinition(
  json: unknown,
  version: DefinitionVersion,
): Result<ServedDefinition> {
  const size = servedSizeProblem(json);
  if (size) return tooLarge(size);
  const check = version === 'v3' ? isVIADefinitionV3 : isVIADefinitionV2;
  if (!check(json))
    return { ok: false, message: `Invalid ${version} definition: ${describeErrors(check.errors)}` };
  const def = json as ServedDefinition;
  const problem = matrixProblem(def);
  return problem
    ? { ok: false, message: `Invalid ${version} definition: ${problem}` }
    : { ok: true, value: def };
}

/** A matrix of whole numbers (its bounds are size limits) and every key of every layout option inside it. */
function matrixProblem(def: ServedDefinition): string | null {
  const { rows, cols } = def.matrix;
  if (!Number.isInteger(rows) || !Number.isInteger(cols) || rows < 1 || cols < 1)
    return 'matrix: rows and cols must be whole numbers from 1';
  for (const key of everyKey(def.layouts)) {
    if (!Number.isInteger(key.row) || !Number.isInteger(key.col) || key.row < -1 || key.col < -1)
      return `key at matrix ${key.row},${key.col}: row and col must be whole numbers from -1`;
    if (key.row >= rows || key.col >= cols)
      return `key at matrix ${key.row},${key.col} is outside the ${rows}×${cols} matrix`;
  }
  return null;
}
