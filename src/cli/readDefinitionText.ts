import { readFile, stat } from 'node:fs/promises';
import { DEFINITION_LIMITS, overLimit } from '../definitions/definitionLimits.ts';
import { textSizeProblem } from '../definitions/definitionText.ts';
import { limitMessage } from '../definitions/limitMessage.ts';

/**
 * Reads a definition file for a command, within Keyloom's size limits: a file over `fileBytes` is refused from
 * its size on disk before it is read, one nested too deep before it is parsed.
 * @throws Error with the limit's sentence (or the file system's error).
 */
export async function readDefinitionText(file: string): Promise<string> {
  const { size } = await stat(file);
  if (size > DEFINITION_LIMITS.fileBytes) throw new Error(limitMessage(overLimit('fileBytes', size)));
  const text = await readFile(file, 'utf8');
  const problem = textSizeProblem(text);
  if (problem) throw new Error(limitMessage(problem));
  return text;
}
