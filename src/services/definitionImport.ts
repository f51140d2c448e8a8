import type { KeyboardIdentity, Refusal } from '../definitions/definitionFile.ts';
import { definitionName } from '../definitions/definitionName.ts';
import type { DefinitionVersion } from '../definitions/compile.ts';
import { definitionChecks } from './definitionChecks.ts';
import type { DefinitionsRepository } from './definitionsRepository.ts';
import type { SaveResult } from './storedDefinitions.ts';

export type ImportResult =
  | { ok: true; name: string; version: DefinitionVersion; stored: SaveResult }
  | { ok: false; refusal: Refusal; message: string };

/**
 * A definition file someone brought for a connected keyboard: checked by the same compiler as the served ones
 * (off the page's thread: `definitionChecks.ts`), against the keyboard's ids and protocol; only an accepted file
 * is remembered. A
 * storage failure does not refuse the file: it works for this session and `stored` says why it was not kept.
 */
export async function importDefinition(
  text: string,
  keyboard: KeyboardIdentity,
  definitions: DefinitionsRepository,
): Promise<ImportResult> {
  const checked = await definitionChecks().checkFile(text, keyboard);
  if (!checked.ok) return checked;
  const { definition, version } = checked.value;
  const stored = await definitions.remember(definition, version);
  return { ok: true, name: definitionName(definition), version, stored };
}
