import type * as Compiler from './compile.ts';
import type { DefinitionVersion, ServedDefinition } from './compile.ts';
import { textSizeProblem } from './definitionText.ts';
import { limitMessage } from './limitMessage.ts';

/** A keyboard definition a maker loaded on the Design tab, in served form. */
export interface DesignDraft {
  fileName: string;
  version: DefinitionVersion;
  definition: ServedDefinition;
}

export type DesignImport = { ok: true; drafts: DesignDraft[] } | { ok: false; errors: string[] };

/**
 * Validates Design-tab files for the chosen definition version (extended.md §5): each must be a keyboard
 * definition (source form, compiled here) or a VIA definition (served form) of that version, within Keyloom's
 * size limits. Errors read 'file path: message'; if any file fails, none is loaded.
 */
export function importDesignFiles(
  files: readonly { name: string; text: string }[],
  version: DefinitionVersion,
  compiler: Pick<typeof Compiler, 'compileSourceDefinition' | 'validateServedDefinition'>,
): DesignImport {
  const drafts: DesignDraft[] = [];
  const errors: string[] = [];
  for (const file of files) {
    const size = textSizeProblem(file.text);
    if (size) {
      errors.push(`${file.name}: ${limitMessage(size)}`);
      continue;
    }
    let json: unknown;
    try {
      json = JSON.parse(file.text);
    } catch {
      errors.push(`${file.name}: not valid JSON`);
      continue;
    }
    const served = !!json && typeof json === 'object' && 'vendorProductId' in json;
    const result = served
      ? compiler.validateServedDefinition(json, version)
      : compiler.compileSourceDefinition(json, version);
    if (!result.ok) errors.push(`${file.name}: ${result.message}`);
    else {
      const definition = 'definition' in result.value ? result.value.definition : result.value;
      drafts.push({ fileName: file.name, version, definition });
    }
  }
  return errors.length > 0 ? { ok: false, errors } : { ok: true, drafts };
}
