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
import { toServedV2, toServedV3 } from './toServed.ts';

export type DefinitionVersion = 'v2' | 'v3';
/** A definition in the served (compiled) form the app reads: `layouts.keys`, `vendorProductId`, … */
export type ServedDefinition = VIADefinitionV2 | VIADefinitionV3;

export type Result<T> = { ok: true; value: T } | { ok: false; message: string };

interface AjvError {
  instancePath?: string;
  message?: string;
  params?: Record<string, unknown>;
}

/** One readable line from the reader's schema errors: where, and what is wrong. */
function describeErrors(errors: readonly AjvError[] | null | undefined): string {
  const first = errors?.[0];
  if (!first) return 'not a valid keyboard definition';
  const where = first.instancePath ? first.instancePath.replace(/^\//, '').replace(/\//g, '.') : 'definition';
  const extra = first.params?.additionalProperty ? ` '${String(first.params.additionalProperty)}'` : '';
  return `${where}: ${first.message ?? 'is invalid'}${extra}${errors!.length > 1 ? ` (and ${errors!.length - 1} more)` : ''}`;
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

/** Validates a source definition (VIA keyboards repository form, KLE layout) and compiles it to served form. */
export function compileSourceDefinition(
  json: unknown,
  forced?: DefinitionVersion,
): Result<{ version: DefinitionVersion; definition: ServedDefinition }> {
  const version = forced ?? detectSourceVersion(json);
  if (version === null)
    return { ok: false, message: 'not a keyboard definition (needs name, matrix and layouts)' };
  const valid = version === 'v3' ? isKeyboardDefinitionV3(json) : isKeyboardDefinitionV2(json);
  if (!valid) {
    return {
      ok: false,
      message: `invalid ${version} definition: ${describeErrors((version === 'v3' ? isKeyboardDefinitionV3 : isKeyboardDefinitionV2).errors)}`,
    };
  }
  try {
    const definition =
      version === 'v3' ? toServedV3(json as KeyboardDefinitionV3) : toServedV2(json as KeyboardDefinitionV2);
    return { ok: true, value: { version, definition } };
  } catch (error) {
    return {
      ok: false,
      message: `invalid ${version} definition: ${error instanceof Error ? error.message : String(error)}`,
    };
  }
}

/** Validates a served definition fetched from a server or cache; a bad one is refused whole, never half-used. */
export function validateServedDefinition(
  json: unknown,
  version: DefinitionVersion,
): Result<ServedDefinition> {
  const check = version === 'v3' ? isVIADefinitionV3 : isVIADefinitionV2;
  if (!check(json))
    return { ok: false, message: `Invalid ${version} definition: ${describeErrors(check.errors)}` };
  const def = json as ServedDefinition;
  for (const key of def.layouts.keys) {
    if (key.row >= def.matrix.rows || key.col >= def.matrix.cols) {
      return {
        ok: false,
        message: `Invalid ${version} definition: key at matrix ${key.row},${key.col} is outside the ${def.matrix.rows}×${def.matrix.cols} matrix`,
      };
    }
  }
  return { ok: true, value: def };
}
