import type {
  KeyboardDefinitionV2,
  KeyboardDefinitionV3,
  VIADefinitionV2,
  VIADefinitionV3,
} from '@the-via/reader';
import type { DefinitionValidator } from './generated/definitionValidators.js';
import { everyKey } from './keys.ts';
import type { LimitProblem } from './definitionLimits.ts';
import { limitMessage } from './limitMessage.ts';
import { servedSizeProblem, sourceSizeProblem } from './definitionSize.ts';
import { toServedV2, toServedV3 } from './toServed.ts';

/*
 * The compiler's steps without its schema checks, which are large generated code (compile.ts holds all four;
 * generated/keyboardDefinitionV2.js and …V3.js one each): a caller that knows its definition's version loads
 * only that check (`compileSourceOfVersion`, for a Vial keyboard's definition read from the keyboard).
 */

export type DefinitionVersion = 'v2' | 'v3';
/** A definition in the served (compiled) form the app reads: `layouts.keys`, `vendorProductId`, … */
export type ServedDefinition = VIADefinitionV2 | VIADefinitionV3;

/** A refusal carries `limit` when the definition is larger than Keyloom reads (the UI words it from that). */
export type Result<T> = { ok: true; value: T } | { ok: false; message: string; limit?: LimitProblem };

export const tooLarge = (limit: LimitProblem): { ok: false; message: string; limit: LimitProblem } => ({
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
export function describeErrors(errors: readonly AjvError[] | null | undefined): string {
  const first = errors?.[0];
  if (!first) return 'not a valid keyboard definition';
  const where = first.instancePath ? first.instancePath.replace(/^\//, '').replace(/\//g, '.') : 'definition';
  const extra = first.params?.additionalProperty ? ` '${String(first.params.additionalProperty)}'` : '';
  return `${where}: ${first.message ?? 'is invalid'}${extra}`;
}

/** The schema check of each source version a compile may meet (only the ones loaded). */
export type SourceChecks = Partial<Record<DefinitionVersion, DefinitionValidator>>;

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
export function compileSourceWith(
  checks: SourceChecks,
  json: unknown,
  forced?: DefinitionVersion,
): Result<{ version: DefinitionVersion; definition: ServedDefinition }> {
  const version = forced ?? detectSourceVersion(json);
  if (version === null)
    return { ok: false, message: 'not a keyboard definition (needs name, matrix and layouts)' };
  const size = sourceSizeProblem(json);
  if (size) return tooLarge(size);
  const check = checks[version];
  if (!check) return { ok: false, message: `no check for ${version} definitions was loaded` };
  if (!check(json))
    return { ok: false, message: `invalid ${version} definition: ${describeErrors(check.errors)}` };
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
 * Compiles a source definition of a known version with only that version's schema check, loaded now (≈ 0.6 MB
 * of code, where compile.ts brings all four checks' 2.5 MB): same steps, same verdicts as
 * `compileSourceDefinition`.
 */
export async function compileSourceOfVersion(
  json: unknown,
  version: DefinitionVersion,
): Promise<Result<{ version: DefinitionVersion; definition: ServedDefinition }>> {
  const check =
    version === 'v3'
      ? (await import('./generated/keyboardDefinitionV3.js')).isKeyboardDefinitionV3
      : (await import('./generated/keyboardDefinitionV2.js')).isKeyboardDefinitionV2;
  return compileSourceWith({ [version]: check }, json, version);
}

/** A matrix of whole numbers (its bounds are size limits) and every key of every layout option inside it. */
export function matrixProblem(def: ServedDefinition): string | null {
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
