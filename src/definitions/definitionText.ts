import { DEFINITION_LIMITS, overLimit, type LimitProblem } from './definitionLimits.ts';

/** What is too large about a JSON file's text: its UTF-8 bytes or its nesting (`count` over `limit`). */
export interface JsonTextProblem {
  subject: 'fileBytes' | 'depth';
  count: number;
  limit: number;
}

/**
 * A JSON file's text checked before JSON.parse: at most `maxBytes` UTF-8 bytes, lists and objects nested at
 * most `maxDepth` deep (V8 parses 100,000 nested lists in half a second, and its structured clone and stringify
 * overflow the stack on them). One pass over the characters, stopped at the first problem; a text longer in
 * UTF-16 units than the byte limit is refused without it (each unit is at least one byte). Used for definitions
 * here and for layout files (`formats/layoutFile.ts`).
 */
export function jsonTextProblem(text: string, maxBytes: number, maxDepth: number): JsonTextProblem | null {
  if (text.length > maxBytes) return { subject: 'fileBytes', count: text.length, limit: maxBytes };
  let bytes = 0;
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    // A surrogate pair is 4 bytes in UTF-8: 2 for each half.
    bytes += unit < 0x80 ? 1 : unit < 0x800 || (unit >= 0xd800 && unit <= 0xdfff) ? 2 : 3;
    if (inString) {
      if (unit === 0x5c /* backslash */) {
        // The escaped character (ASCII in JSON) cannot end the text.
        i++;
        bytes++;
      } else if (unit === 0x22 /* " */) inString = false;
    } else if (unit === 0x22) inString = true;
    else if (unit === 0x5b /* [ */ || unit === 0x7b /* { */) {
      if (++depth > maxDepth) return { subject: 'depth', count: depth, limit: maxDepth };
    } else if (unit === 0x5d /* ] */ || unit === 0x7d /* } */) depth--;
  }
  return bytes > maxBytes ? { subject: 'fileBytes', count: bytes, limit: maxBytes } : null;
}

/** A definition file's text within `fileBytes` and `depth` (DEFINITION_LIMITS), checked before JSON.parse. */
export function textSizeProblem(text: string): LimitProblem | null {
  const problem = jsonTextProblem(text, DEFINITION_LIMITS.fileBytes, DEFINITION_LIMITS.depth);
  return problem && overLimit(problem.subject, problem.count);
}
