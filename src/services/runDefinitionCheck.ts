/**
 * The definition-file checks a user's file goes through, as one request in, one plain result out: what runs in
 * the definition-check worker (`definitionCheckWorker.ts`), or in this thread when no worker can start
 * (`definitionChecks.ts`). Imports the compiler statically: this module is only ever loaded on demand.
 */
import * as compiler from '../definitions/compile.ts';
import type { DefinitionVersion, Result, ServedDefinition } from '../definitions/compile.ts';
import {
  checkDefinitionFile,
  readDefinitionFile,
  type DefinitionFileResult,
  type KeyboardIdentity,
} from '../definitions/definitionFile.ts';
import { importDesignFiles, type DesignImport } from '../definitions/designImport.ts';

/** One check: a file for a connected keyboard, a file to build a virtual keyboard from, Design-tab files. */
export type DefinitionCheckRequest =
  | { call: 'checkFile'; text: string; keyboard: KeyboardIdentity }
  | { call: 'readFile'; text: string }
  | { call: 'designFiles'; files: readonly { name: string; text: string }[]; version: DefinitionVersion };

/** What each check answers (plain data: it crosses to the page by structured clone). */
export interface DefinitionCheckResults {
  checkFile: DefinitionFileResult;
  readFile: Result<{ version: DefinitionVersion; definition: ServedDefinition }>;
  designFiles: DesignImport;
}

export type DefinitionCheckResult = DefinitionCheckResults[DefinitionCheckRequest['call']];

/** Runs one check with the compiler (`definitionFile.ts`, `designImport.ts`). */
export function runDefinitionCheck(request: DefinitionCheckRequest): DefinitionCheckResult {
  switch (request.call) {
    case 'checkFile':
      return checkDefinitionFile(request.text, request.keyboard, compiler);
    case 'readFile':
      return readDefinitionFile(request.text, compiler);
    case 'designFiles':
      return importDesignFiles(request.files, request.version, compiler);
  }
}
