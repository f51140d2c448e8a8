import type { TFunction } from 'i18next';
import { MacroScriptError, scriptToMacro, type MacroStep } from '../../../macros/macroCodec.ts';
import type { MacroFormat } from '../../../macros/macroFormat.ts';
import { macroSizeMessage } from '../../../macros/macroBytes.ts';
import { macroBytesUsed } from '../../../macros/macroUsage.ts';
import { readableError } from '../../common/errorText.ts';

/** A refused script in words: the spec's validator messages as written, Keyloom's own in the user's language. */
export function macroErrorText(t: TFunction<'panes'>, e: unknown): string {
  if (e instanceof MacroScriptError && e.code === 'text') return t('macroTextRefused', { chars: e.detail });
  if (e instanceof MacroScriptError && e.code === 'bytes') return t('macroBytesRefused', { bytes: e.detail });
  return readableError(e);
}

/**
 * The macro being edited, checked as it is typed with the checks Save makes: why it cannot be saved (a script
 * that is no macro, or a set of macros the buffer cannot hold), and the buffer's bytes as they would be with it.
 * `draft` is the edited script or recorded steps, null when nothing is edited.
 */
export function checkMacroDraft(
  t: TFunction<'panes'>,
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
      problem = macroErrorText(t, e);
    }
  const used = macroBytesUsed(
    saved.map((m, i) => (i === index && steps ? steps : m)),
    format,
  );
  // The spec's message, as the validator words it at Save (the bar beside it shows the same figures).
  if (problem === null && draft !== null && used > capacity) problem = macroSizeMessage(used, capacity);
  return { problem, used };
}
