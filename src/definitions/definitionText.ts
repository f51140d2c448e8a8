import { DEFINITION_LIMITS, overLimit, type LimitProblem } from './definitionLimits.ts';

/**
 * A definition file's text checked before JSON.parse: at most `fileBytes` UTF-8 bytes, lists and objects nested
 * at most `depth` deep (V8 parses 100,000 nested lists in half a second, and its structured clone and stringify
 * overflow the stack on them). One pass over the characters; a text longer in UTF-16 units than the byte limit
 * is refused without it (each unit is at least one byte).
 */
export function textSizeProblem(text: string): LimitProblem | null {
  const maxBytes = DEFINITION_LIMITS.fileBytes;
  const maxDepth = DEFINITION_LIMITS.depth;
  if (text.length > maxBytes) return overLimit('fileBytes', text.length);
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
      if (++depth > maxDepth) return overLimit('depth', depth);
    } else if (unit === 0x5d /* ] */ || unit === 0x7d /* } */) depth--;
  }
  return bytes > maxBytes ? overLimit('fileBytes', bytes) : null;
}
