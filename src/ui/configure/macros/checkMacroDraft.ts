import { RefusalError, type Refusal } from '../../../lib/refusal.ts';
import { scriptToMacro, type MacroStep } from '../../../macros/macroCodec.ts';
import type { MacroFormat } from '../../../macros/macroFormat.ts';
import { macroRefusals } from '../../../macros/macroRefusal.ts';
import { macroBytesUsed } from '../../../macros/macroUsage.ts';
import { readableError } from '../../common/errorText.ts';

/** Words for a refusal in the user's language (`useRefusalWords`). */
type Words = (refusal: Refusal) => string;

/**
 * A refused script in words, in the user's language (in English, the spec's validator messages as written);
 * anything else as it came.
 */
export function macroErrorText(words: Words, e: unknown): string {
  return e instanceof RefusalError ? words(e.refusal) : readableError(e);
}

/**
 * The macro being edited, checked as it is typed with the checks Save makes: why it cannot be saved (a script
 * that is no macro, or a set of macros the buffer cannot hold), and the buffer's bytes as they would be with it.
 * `draft` is the edited script or recorded steps, null when nothing is edited.
 */
export function checkMacroDraft(
  words: Words,
  options: {
    draft: string | MacroStep[] | null;
    index: number;
    saved: readonly MacroStep[][];
    format: MacroFormat;
    held: ReadonlySet<string>;
    capacity: number;
  },
): { problem: string | null; used: number } {
  const { draft, index, saved, format, capacity } = options;
  let steps: MacroStep[] | null = Array.isArray(draft) ? draft : null;
  let problem: string | null = null;
  if (typeof draft === 'string')
    try {
      steps = scriptToMacro(draft, format, { typed: { held: options.held } });
    } catch (e) {
      problem = macroErrorText(words, e);
    }
  const used = macroBytesUsed(
    saved.map((m, i) => (i === index && steps ? steps : m)),
    format,
  );
  // The spec's message, as the validator words it at Save (the bar beside it shows the same figures).
  if (problem === null && draft !== null && used > capacity)
    problem = words(macroRefusals.refusal('size', { size: used, max: capacity }));
  return { problem, used };
}
