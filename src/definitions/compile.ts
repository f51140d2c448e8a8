// Precompiled from the reader's schemas (scripts/generate-definition-validators.ts): no eval, so they run
// under the app's Content-Security-Policy, where the reader's own import-time compilation cannot.
import {
  isKeyboardDefinitionV2,
  isKeyboardDefinitionV3,
  isVIADefinitionV2,
  isVIADefinitionV3,
} from './generated/definitionValidators.js';
import {
  compileSourceWith,
  describeErrors,
  matrixProblem,
  tooLarge,
  type DefinitionVersion,
  type Result,
  type ServedDefinition,
} from './compileSource.ts';
import { servedSizeProblem } from './definitionSize.ts';

export {
  detectSourceVersion,
  type DefinitionVersion,
  type Result,
  type ServedDefinition,
} from './compileSource.ts';

/**
 * Validates a source definition (VIA keyboards repository form, KLE layout) and compiles it to served form.
 * Sizes are checked first (`definitionSize.ts`), so a hostile file is refused before the schema or the KLE
 * conversion spend time on it; the compiled result is checked again (LED and encoder indexes come from legends).
 */
export function compileSourceDefinition(
  json: unknown,
  forced?: DefinitionVersion,
): Result<{ version: DefinitionVersion; definition: ServedDefinition }> {
  return compileSourceWith({ v2: isKeyboardDefinitionV2, v3: isKeyboardDefinitionV3 }, json, forced);
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
