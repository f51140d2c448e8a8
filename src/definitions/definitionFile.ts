import type * as Compiler from './compile.ts';
import type { DefinitionVersion, Result, ServedDefinition } from './compile.ts';

/**
 * A keyboard definition file as users have them: the keyboards repository's source form (KLE layouts, compiled
 * here) or VIA's served form (`vendorProductId`, `layouts.keys`), v2 or v3. Invalid JSON and definitions the
 * compiler refuses come back as one readable message.
 */
export function readDefinitionFile(
  text: string,
  compiler: Pick<typeof Compiler, 'compileSourceDefinition' | 'validateServedDefinition'>,
): Result<{ version: DefinitionVersion; definition: ServedDefinition }> {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { ok: false, message: 'This file is not valid JSON.' };
  }
  if (json && typeof json === 'object' && 'vendorProductId' in json) {
    const version: DefinitionVersion = 'menus' in json ? 'v3' : 'v2';
    const served = compiler.validateServedDefinition(json, version);
    return served.ok ? { ok: true, value: { version, definition: served.value } } : served;
  }
  return compiler.compileSourceDefinition(json);
}
